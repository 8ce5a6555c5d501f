# cmake --install: qrsc, the runtime headers, the published specs (share/qrs/rules, so house
# variants can extend them), the spec schema for editors, and the CMake package (qrsConfig.cmake,
# its version file, the exported targets qrs::qrsc and qrs::runtime, qrs_generate()).
include(CMakePackageConfigHelpers)

set(QRS_INSTALL_RULESDIR ${CMAKE_INSTALL_DATADIR}/qrs/rules)
set(QRS_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/qrs)

install(TARGETS qrsc qrs_runtime EXPORT qrsTargets RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/runtime/qrs DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/rules/ DESTINATION ${QRS_INSTALL_RULESDIR})
install(FILES ${PROJECT_SOURCE_DIR}/docs/schema/qrs-spec.schema.json DESTINATION ${CMAKE_INSTALL_DATADIR}/qrs/docs/schema)  # where the specs' modelines point
install(EXPORT qrsTargets NAMESPACE qrs:: DESTINATION ${QRS_INSTALL_CMAKEDIR})

configure_package_config_file(${CMAKE_CURRENT_LIST_DIR}/qrsConfig.cmake.in ${PROJECT_BINARY_DIR}/qrsConfig.cmake
  INSTALL_DESTINATION ${QRS_INSTALL_CMAKEDIR}
  PATH_VARS QRS_INSTALL_RULESDIR)
# 0.x releases may change the spec format and the generated API: only the same minor matches.
write_basic_package_version_file(${PROJECT_BINARY_DIR}/qrsConfigVersion.cmake COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/qrsConfig.cmake ${PROJECT_BINARY_DIR}/qrsConfigVersion.cmake
              ${CMAKE_CURRENT_LIST_DIR}/qrs_generate.cmake
        DESTINATION ${QRS_INSTALL_CMAKEDIR})
