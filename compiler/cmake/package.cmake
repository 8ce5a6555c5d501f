# cpack -G DEB: Debian packages of what `cmake --install` installs (prefix /usr), one per
# component: `qrs` (qrsc, the runtime, the specs, the CMake package) and, when it is built,
# `qrs-migrate` (which needs libclang; qrs only suggests it). Depends are the shared libraries
# each links (dpkg-shlibdeps); generated headers need only a C++20 compiler.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME qrs)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "qrs maintainers <qrs@invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "compiler for wargame Quick Reference Sheets (specs to C++20 headers and sheets)")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)  # qrs-migrate depends on the same version of qrs
set(CPACK_DEBIAN_QRS_PACKAGE_NAME qrs)
# --emit pdf prints with Chromium; --emit web compiles with clang for wasm32 (wasm_toolchain.cmake).
set(CPACK_DEBIAN_QRS_PACKAGE_SUGGESTS "chromium, cmake (>= 3.25), g++ (>= 4:12) | clang, qrs-migrate, clang, lld, wasi-libc, libc++-dev-wasm32, libclang-rt-dev-wasm32")
set(CPACK_DEBIAN_MIGRATE_PACKAGE_NAME qrs-migrate)
set(CPACK_DEBIAN_MIGRATE_PACKAGE_DEPENDS "${QRS_MIGRATE_PACKAGE_DEPENDS}")
set(CPACK_STRIP_FILES ON)
include(CPack)
cpack_add_component(qrs DISPLAY_NAME "qrs" DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION_SUMMARY}")
if(QRS_HAVE_MIGRATE)
  cpack_add_component(migrate DISPLAY_NAME "qrs-migrate" DEPENDS qrs
    DESCRIPTION "moves C++ that uses one sheet's generated header to another sheet's header")
endif()
