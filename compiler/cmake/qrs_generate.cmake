# qrs_generate(TARGET <tgt> SPECS <specs...> [OUT_DIR <dir>] [SPEC_PATH <dirs...>] [EMIT <outputs...>])
#
# Compiles specs with qrsc at build time (one command for all SPECS), adds the output folder to
# the target's include path and links qrs::runtime. The outputs are regenerated when a spec, any
# spec it extends or applies (qrsc build --depfile, read through DEPFILE), or qrsc changes.
#   SPECS      spec files (relative to the current source folder) or names (rff/acw-2.1-15mm),
#              found as qrsc finds them: ./rules, SPEC_PATH, QRS_PATH, the published specs.
#              An installed qrsc is asked at configure time (`qrsc outputs`) which file each
#              names and what it will write. A qrsc built in this tree (add_subdirectory) does
#              not exist yet then: the build's one declared output is the list qrsc writes of
#              its outputs (`qrsc build --stamp`), on which the target's objects depend.
#   OUT_DIR    where the outputs go (default ${CMAKE_CURRENT_BINARY_DIR}/qrs_generated/<tgt>)
#   SPEC_PATH  folders `extends:` and `apply:` also search (qrsc -I), before QRS_PATH and the
#              published specs
#   EMIT       cpp (default), html, json, pdf, web (the interactive page: clang's wasm32 target)
# The same function after find_package(qrs) and after add_subdirectory(qrs). CMake never reads a
# spec: where a spec is, what it extends and what it makes are qrsc's to say.
include_guard(GLOBAL)

# Asks an installed qrsc which files SPECS are and what `qrsc build` will write for them:
# `out_specs` gets the spec files (absolute), `out_files` the outputs relative to the output
# folder. A spec qrsc cannot find or compile stops the configuration with qrsc's message.
function(_qrs_ask_outputs qrsc specs emit include_args out_specs out_files)
  list(JOIN emit "," emit_list)
  execute_process(COMMAND "${qrsc}" outputs ${specs} --emit "${emit_list}" ${include_args}
                  WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
                  OUTPUT_VARIABLE listing ERROR_VARIABLE errors RESULT_VARIABLE status)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "qrs_generate: qrsc cannot compile SPECS ${specs}:\n${errors}")
  endif()
  string(REPLACE "\n" ";" lines "${listing}")
  set(spec_files "")
  set(files "")
  foreach(line IN LISTS lines)
    if(line MATCHES "^spec\t(.+)$")
      list(APPEND spec_files "${CMAKE_MATCH_1}")
    elseif(line MATCHES "^[a-z]+\t(.+)$")
      list(APPEND files "${CMAKE_MATCH_1}")
    endif()
  endforeach()
  set(${out_specs} "${spec_files}" PARENT_SCOPE)
  set(${out_files} "${files}" PARENT_SCOPE)
endfunction()

# Every object of `target` depends on `stamp`, the list qrsc writes of its outputs and their
# fingerprints (`qrsc build --stamp`), which changes exactly when an output does: the objects
# that read a generated header are rebuilt in the same build that regenerates it. Called at the
# end of the folder, when the target has all its sources.
function(_qrs_objects_depend_on target stamp)
  get_target_property(sources "${target}" SOURCES)
  if(sources)
    set_property(SOURCE ${sources} TARGET_DIRECTORY "${target}" APPEND PROPERTY OBJECT_DEPENDS "${stamp}")
  endif()
endfunction()

function(qrs_generate)
  cmake_parse_arguments(ARG "" "TARGET;OUT_DIR" "SPECS;SPEC_PATH;EMIT" ${ARGN})
  if(ARG_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "qrs_generate: unknown arguments: ${ARG_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT ARG_TARGET OR NOT TARGET "${ARG_TARGET}")
    message(FATAL_ERROR "qrs_generate: TARGET must name an existing target (got '${ARG_TARGET}')")
  endif()
  if(NOT ARG_SPECS)
    message(FATAL_ERROR "qrs_generate: SPECS names no spec")
  endif()
  if(NOT ARG_OUT_DIR)
    set(ARG_OUT_DIR "${CMAKE_CURRENT_BINARY_DIR}/qrs_generated/${ARG_TARGET}")
  endif()
  get_filename_component(out_dir "${ARG_OUT_DIR}" ABSOLUTE BASE_DIR "${CMAKE_CURRENT_BINARY_DIR}")
  if(NOT ARG_EMIT)
    set(ARG_EMIT cpp)
  endif()

  # SPEC_PATH before QRS_PATH and the published specs, as qrsc searches them (qrsc -I).
  set(include_args "")
  foreach(dir IN LISTS ARG_SPEC_PATH)
    get_filename_component(dir "${dir}" ABSOLUTE)
    list(APPEND include_args -I "${dir}")
  endforeach()
  get_property(published GLOBAL PROPERTY QRS_PUBLISHED_RULES)
  get_property(published_needs_include GLOBAL PROPERTY QRS_PUBLISHED_RULES_NEED_INCLUDE)
  if(published_needs_include)  # a qrsc built in this tree does not know the source's rules/
    list(APPEND include_args -I "${published}")
  endif()
  list(JOIN ARG_EMIT "," emit_list)
  string(MAKE_C_IDENTIFIER "${ARG_TARGET}" name)
  set(depfile "${CMAKE_CURRENT_BINARY_DIR}/qrs_generated/${name}.d")
  get_target_property(type "${ARG_TARGET}" TYPE)
  get_target_property(qrsc_imported qrs::qrsc IMPORTED)
  if(qrsc_imported)
    get_target_property(qrsc qrs::qrsc LOCATION)
    _qrs_ask_outputs("${qrsc}" "${ARG_SPECS}" "${ARG_EMIT}" "${include_args}" specs files)
    # A spec's id and system name its outputs: asked again when the spec changes.
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${specs})
    list(TRANSFORM files PREPEND "${out_dir}/" OUTPUT_VARIABLE outputs)
    set(stamp_args "")
    set(byproducts "")
  else()
    # qrsc names the outputs when it runs; the stamp is the edge's output and the depfile's target,
    # and a byproduct lets Ninja see that an unchanged stamp changes nothing downstream (restat).
    set(specs "")
    foreach(spec IN LISTS ARG_SPECS)
      if(EXISTS "${CMAKE_CURRENT_SOURCE_DIR}/${spec}")
        get_filename_component(spec "${spec}" ABSOLUTE)
      endif()
      list(APPEND specs "${spec}")
    endforeach()
    set(outputs "${CMAKE_CURRENT_BINARY_DIR}/qrs_generated/${name}.outputs")
    set(stamp_args --stamp "${outputs}")
    set(byproducts BYPRODUCTS "${depfile}")
    if(NOT type STREQUAL "INTERFACE_LIBRARY")
      cmake_language(EVAL CODE "cmake_language(DEFER CALL _qrs_objects_depend_on [[${ARG_TARGET}]] [[${outputs}]])")
    endif()
  endif()
  set(spec_files "")
  foreach(spec IN LISTS specs)
    if(IS_ABSOLUTE "${spec}")
      list(APPEND spec_files "${spec}")
    endif()
  endforeach()

  add_custom_command(
    OUTPUT ${outputs}
    ${byproducts}
    COMMAND $<TARGET_FILE:qrs::qrsc> build ${specs} -o "${out_dir}" --emit "${emit_list}" ${include_args}
            --depfile "${depfile}" ${stamp_args}
    DEPENDS ${spec_files} qrs::qrsc
    DEPFILE "${depfile}"
    WORKING_DIRECTORY "${CMAKE_CURRENT_SOURCE_DIR}"
    COMMENT "qrsc: compiling ${ARG_SPECS} for ${ARG_TARGET}"
    VERBATIM)
  # A target to build the outputs by name; the target's own sources depend on them as files.
  add_custom_target("qrs_generate_${name}" DEPENDS ${outputs})
  add_dependencies("${ARG_TARGET}" "qrs_generate_${name}")
  set(scope PUBLIC)
  if(type STREQUAL "INTERFACE_LIBRARY")
    set(scope INTERFACE)
  else()
    target_sources("${ARG_TARGET}" PRIVATE ${outputs})
  endif()
  target_include_directories("${ARG_TARGET}" ${scope} "${out_dir}")
  target_link_libraries("${ARG_TARGET}" ${scope} qrs::runtime)
endfunction()
