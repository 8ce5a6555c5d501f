# qrs_generate(TARGET <tgt> SPECS <specs...> [OUT_DIR <dir>] [SPEC_PATH <dirs...>] [EMIT <outputs...>])
#
# Compiles specs with qrsc at build time (one command for all SPECS), adds the output folder to
# the target's include path and links qrs::runtime. The outputs are regenerated when a spec, any
# spec it extends or applies (qrsc build --depfile, read through DEPFILE), or qrsc changes.
#   SPECS      spec files (relative to the current source folder) or names (rff/acw-2.1-15mm),
#              found as qrsc finds them: ./rules, SPEC_PATH, QRS_PATH, the published specs.
#              An installed qrsc is asked at configure time (`qrsc outputs`) which file each
#              names and what it will write; a qrsc built in this tree (add_subdirectory) does
#              not exist yet then, and SPECS must be files.
#   OUT_DIR    where the outputs go (default ${CMAKE_CURRENT_BINARY_DIR}/qrs_generated/<tgt>)
#   SPEC_PATH  folders `extends:` and `apply:` also search (qrsc -I), before QRS_PATH and the
#              published specs
#   EMIT       cpp (default), html, json, pdf, web (the interactive page: clang's wasm32 target)
# The same function after find_package(qrs) and after add_subdirectory(qrs).
include_guard(GLOBAL)

# The value of a top-level `key: value` line of a spec, unquoted ("" when there is none).
function(_qrs_spec_value file key out)
  file(STRINGS "${file}" lines REGEX "^${key}:")
  set(value "")
  if(lines)
    list(GET lines 0 value)
    string(REGEX REPLACE "^${key}:[ \t]*" "" value "${value}")
    string(REGEX REPLACE "[ \t]+#.*$" "" value "${value}")
    string(STRIP "${value}" value)
    string(REGEX REPLACE "^[\"'](.*)[\"']$" "\\1" value "${value}")
  endif()
  set(${out} "${value}" PARENT_SCOPE)
endfunction()

# The nearest enclosing folder named `rules`, else the spec's own folder (as qrsc decides).
function(_qrs_rules_root file out)
  get_filename_component(dir "${file}" DIRECTORY)
  set(root "${dir}")
  while(dir AND NOT dir STREQUAL "/")
    get_filename_component(name "${dir}" NAME)
    if(name STREQUAL "rules")
      set(root "${dir}")
      break()
    endif()
    get_filename_component(dir "${dir}" DIRECTORY)
  endwhile()
  set(${out} "${root}" PARENT_SCOPE)
endfunction()

# Where qrsc will write a sheet's outputs, without a build: <system>/<id>, the id from the
# spec (default: its file name), the system from the spec or the first parent that states it.
# CMake must know output names when it configures, before qrsc exists in a subproject build.
function(_qrs_sheet_stem spec roots out)
  _qrs_spec_value("${spec}" id id)
  if(id STREQUAL "")
    get_filename_component(id "${spec}" NAME_WLE)
  endif()
  set(file "${spec}")
  set(system "")
  foreach(depth RANGE 32)
    _qrs_spec_value("${file}" system system)
    _qrs_spec_value("${file}" extends parent)
    if(NOT system STREQUAL "" OR parent STREQUAL "")
      break()
    endif()
    _qrs_rules_root("${file}" own_root)
    set(found "")
    foreach(root IN LISTS own_root roots)
      if(EXISTS "${root}/${parent}.yaml")
        set(found "${root}/${parent}.yaml")
        break()
      endif()
    endforeach()
    if(NOT found)
      message(FATAL_ERROR "qrs_generate: ${file} extends '${parent}', which is in none of: ${own_root};${roots} "
                          "(add its folder to SPEC_PATH)")
    endif()
    set(file "${found}")
  endforeach()
  if(system STREQUAL "")
    message(FATAL_ERROR "qrs_generate: neither ${spec} nor a parent states 'system:'")
  endif()
  string(REGEX REPLACE "[-.]" "_" id "${id}")
  set(${out} "${system}/${id}" PARENT_SCOPE)
endfunction()

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

# The same for a qrsc not built yet (add_subdirectory): SPECS are files, and the outputs are
# named from their `id:` and `system:` lines.
function(_qrs_guess_outputs specs emit roots out_specs out_files)
  set(extensions cpp hpp html html json json pdf pdf web web.html)
  set(spec_files "")
  set(files "")
  foreach(spec IN LISTS specs)
    get_filename_component(spec "${spec}" ABSOLUTE)
    list(APPEND spec_files "${spec}")
    _qrs_sheet_stem("${spec}" "${roots}" stem)
    foreach(e IN LISTS emit)
      list(FIND extensions "${e}" at)
      math(EXPR at "${at} + 1")
      list(GET extensions ${at} ext)
      list(APPEND files "${stem}.${ext}")
    endforeach()
  endforeach()
  if("html" IN_LIST emit)
    list(APPEND files "index.html")
  endif()
  if("web" IN_LIST emit)
    list(APPEND files "web.html")
  endif()
  set(${out_specs} "${spec_files}" PARENT_SCOPE)
  set(${out_files} "${files}" PARENT_SCOPE)
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

  # The search roots, in qrsc's order: SPEC_PATH, QRS_PATH, the published specs.
  set(include_args "")
  set(roots "")
  foreach(dir IN LISTS ARG_SPEC_PATH)
    get_filename_component(dir "${dir}" ABSOLUTE)
    list(APPEND include_args -I "${dir}")
    list(APPEND roots "${dir}")
  endforeach()
  if(DEFINED ENV{QRS_PATH})
    string(REPLACE ":" ";" qrs_path "$ENV{QRS_PATH}")
    list(APPEND roots ${qrs_path})
  endif()
  get_property(published GLOBAL PROPERTY QRS_PUBLISHED_RULES)
  get_property(published_needs_include GLOBAL PROPERTY QRS_PUBLISHED_RULES_NEED_INCLUDE)
  list(APPEND roots "${published}")
  if(published_needs_include)  # a qrsc built in this tree does not know the source's rules/
    list(APPEND include_args -I "${published}")
  endif()

  foreach(emit IN LISTS ARG_EMIT)
    if(NOT emit MATCHES "^(cpp|html|json|pdf|web)$")
      message(FATAL_ERROR "qrs_generate: unknown EMIT '${emit}' (cpp, html, json, pdf, web)")
    endif()
  endforeach()
  get_target_property(qrsc_imported qrs::qrsc IMPORTED)
  if(qrsc_imported)
    get_target_property(qrsc qrs::qrsc LOCATION)
    _qrs_ask_outputs("${qrsc}" "${ARG_SPECS}" "${ARG_EMIT}" "${include_args}" specs files)
    # A spec's id and system name its outputs: asked again when the spec changes.
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${specs})
  else()
    _qrs_guess_outputs("${ARG_SPECS}" "${ARG_EMIT}" "${roots}" specs files)
  endif()
  list(TRANSFORM files PREPEND "${out_dir}/" OUTPUT_VARIABLE outputs)
  list(JOIN ARG_EMIT "," emit_list)
  string(MAKE_C_IDENTIFIER "${ARG_TARGET}" name)
  set(depfile "${CMAKE_CURRENT_BINARY_DIR}/qrs_generated/${name}.d")

  add_custom_command(
    OUTPUT ${outputs}
    COMMAND $<TARGET_FILE:qrs::qrsc> build ${specs} -o "${out_dir}" --emit "${emit_list}" ${include_args}
            --depfile "${depfile}"
    DEPENDS ${specs} qrs::qrsc
    DEPFILE "${depfile}"
    COMMENT "qrsc: compiling ${ARG_SPECS} for ${ARG_TARGET}"
    VERBATIM)
  # A target to build the outputs by name; the target's own sources depend on them as files.
  add_custom_target("qrs_generate_${name}" DEPENDS ${outputs})
  add_dependencies("${ARG_TARGET}" "qrs_generate_${name}")
  get_target_property(type "${ARG_TARGET}" TYPE)
  set(scope PUBLIC)
  if(type STREQUAL "INTERFACE_LIBRARY")
    set(scope INTERFACE)
  else()
    target_sources("${ARG_TARGET}" PRIVATE ${outputs})
  endif()
  target_include_directories("${ARG_TARGET}" ${scope} "${out_dir}")
  target_link_libraries("${ARG_TARGET}" ${scope} qrs::runtime)
endfunction()
