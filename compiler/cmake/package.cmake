# cpack -G DEB: a Debian package of what `cmake --install` installs (prefix /usr). Depends are
# the shared libraries qrsc links (dpkg-shlibdeps); generated headers need only a C++20 compiler.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME qrs)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "qrs maintainers <qrs@invalid>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "compiler for wargame Quick Reference Sheets (specs to C++20 headers and sheets)")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "chromium, cmake (>= 3.25), g++ (>= 4:12) | clang")
set(CPACK_STRIP_FILES ON)
include(CPack)
