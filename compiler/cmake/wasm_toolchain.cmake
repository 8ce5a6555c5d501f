# The clang++ that compiles a web sheet's WebAssembly module (qrsc build --emit web): found and
# tried here once, then qrsc's default (`--wasm-cxx PATH` still chooses another at run time).
# Web sheets are optional: without the toolchain qrsc builds and every other output works, and
# `--emit web` says what to install.
#   QRS_WASM_CXX  the compiler (cache; empty: the first of clang++, clang++-N on PATH that can)
include_guard(GLOBAL)

# What the toolchain is made of in Debian: clang, its linker, the WASI C library, libc++ and
# clang's runtime for wasm32 (the unversioned names follow the distribution's clang).
set(QRS_WASM_PACKAGES "clang lld wasi-libc libc++-dev-wasm32 libclang-rt-dev-wasm32")

# Whether `cxx` compiles and links a module the way qrsc does (C++20, libc++'s headers, no entry
# point); `out` gets TRUE or the compiler's first error line.
function(_qrs_wasm_try cxx out)
  set(dir "${CMAKE_BINARY_DIR}/CMakeFiles/qrs_wasm_probe")
  file(MAKE_DIRECTORY "${dir}")
  file(WRITE "${dir}/probe.cpp" "#include <array>\n#include <cstdint>\nextern \"C\" std::int32_t probe() { return std::array<int, 2>{1, 2}[1]; }\n")
  execute_process(COMMAND "${cxx}" --target=wasm32-wasi -std=c++20 -Os -fno-exceptions -nostartfiles
                          -Wl,--no-entry -Wl,--export=probe "${dir}/probe.cpp" -o "${dir}/probe.wasm"
                  RESULT_VARIABLE status ERROR_VARIABLE errors OUTPUT_QUIET TIMEOUT 120)
  if(status EQUAL 0)
    set(${out} TRUE PARENT_SCOPE)
  else()
    string(REGEX MATCH "[^\n]*error[^\n]*" first "${errors}")
    if(NOT first)
      set(first "exit status ${status}")
    endif()
    set(${out} "${first}" PARENT_SCOPE)
  endif()
endfunction()

set(QRS_WASM_CXX "" CACHE FILEPATH "clang++ with the wasm32-wasi target, for web sheets (empty: look for one)")
if(NOT QRS_WASM_CXX_CHECKED STREQUAL "${QRS_WASM_CXX}|${QRS_WASM_CXX_RESOLVED}" OR NOT QRS_WASM_CXX_RESOLVED)
  set(candidates "${QRS_WASM_CXX}")
  if(NOT QRS_WASM_CXX)
    set(candidates "")
    foreach(name clang++ clang++-20 clang++-19 clang++-18 clang++-17 clang++-16 clang++-15 clang++-14)
      find_program(_qrs_wasm_candidate NAMES ${name} NO_CACHE)
      if(_qrs_wasm_candidate)
        list(APPEND candidates "${_qrs_wasm_candidate}")
      endif()
      unset(_qrs_wasm_candidate)
    endforeach()
  endif()
  set(resolved "")
  set(why "no clang++ on PATH")
  foreach(cxx IN LISTS candidates)
    _qrs_wasm_try("${cxx}" works)
    if(works STREQUAL "TRUE")
      set(resolved "${cxx}")
      break()
    endif()
    set(why "${cxx}: ${works}")
  endforeach()
  set(QRS_WASM_CXX_RESOLVED "${resolved}" CACHE INTERNAL "the compiler qrsc uses for --emit web")
  set(QRS_WASM_CXX_CHECKED "${QRS_WASM_CXX}|${resolved}" CACHE INTERNAL "")
  if(resolved)
    message(STATUS "qrs: web sheets: WebAssembly compiled with ${resolved}")
  else()
    message(STATUS "qrs: web sheets: no clang++ can compile for wasm32-wasi (${why}); qrsc builds, and "
                   "`--emit web` needs the Debian packages ${QRS_WASM_PACKAGES} (tools/bootstrap.sh installs "
                   "them) or -DQRS_WASM_CXX=PATH")
  endif()
endif()
