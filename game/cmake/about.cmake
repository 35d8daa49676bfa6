# What the programs say about themselves, generated into ${CMAKE_BINARY_DIR}/generated and
# offered by the INTERFACE target arena_about:
# - arena_version.h: the version, defined once in project(arena VERSION ...);
# - arena_usage.h: the usage `--help` prints, which is the README's command-line block itself
#   (section "Command line"), so the two never disagree. The block holds the four programs'
#   parts in the order arena, arena-map, arena-bench, arena-server, arena-lobby, separated by one blank line; lines starting
#   with "# " head a group. Each part becomes a list of string literals, one per line (a single
#   literal would pass the 4095 characters C99 promises), ARENA_USAGE_<PROGRAM>.
configure_file(${CMAKE_CURRENT_LIST_DIR}/arena_version.h.in
  ${CMAKE_BINARY_DIR}/generated/arena_version.h @ONLY)

set(arena_readme ${PROJECT_SOURCE_DIR}/README.md)
set_property(DIRECTORY ${PROJECT_SOURCE_DIR} APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${arena_readme})
file(READ ${arena_readme} arena_text)
string(FIND "${arena_text}" "\n## Command line\n" arena_at)
if(arena_at LESS 0)
  message(FATAL_ERROR "README.md has no \"## Command line\" section for --help")
endif()
string(SUBSTRING "${arena_text}" ${arena_at} -1 arena_text)
string(FIND "${arena_text}" "\n```\n" arena_at)
math(EXPR arena_at "${arena_at} + 5")
string(SUBSTRING "${arena_text}" ${arena_at} -1 arena_text)
string(FIND "${arena_text}" "\n```\n" arena_at)
string(SUBSTRING "${arena_text}" 0 ${arena_at} arena_text)
set(arena_usage_defines "")
foreach(arena_program arena arena-map arena-bench arena-server arena-lobby)
  string(FIND "${arena_text}" "\n\n" arena_at)
  if(arena_at LESS 0)
    set(arena_part "${arena_text}")
    set(arena_text "")
  else()
    string(SUBSTRING "${arena_text}" 0 ${arena_at} arena_part)
    math(EXPR arena_at "${arena_at} + 2")
    string(SUBSTRING "${arena_text}" ${arena_at} -1 arena_text)
  endif()
  # The part must be this program's: its first line that is not a heading names it.
  string(REGEX REPLACE "^(# [^\n]*\n)+" "" arena_first "${arena_part}")
  if(NOT arena_first MATCHES "^${arena_program} ")
    message(FATAL_ERROR "README.md's command-line block: the ${arena_program} part (after a blank "
      "line) should start with `${arena_program} `, not: ${arena_first}")
  endif()
  string(REPLACE "\\" "\\\\" arena_part "${arena_part}")
  string(REPLACE "\"" "\\\"" arena_part "${arena_part}")
  string(REPLACE "\n" "\\n\", \\\n  \"" arena_part "${arena_part}")
  string(TOUPPER "${arena_program}" arena_name)
  string(REPLACE "-" "_" arena_name "${arena_name}")
  string(APPEND arena_usage_defines "#define ARENA_USAGE_${arena_name} \\\n  \"${arena_part}\\n\"\n")
endforeach()
if(NOT arena_text STREQUAL "")
  message(FATAL_ERROR "README.md's command-line block has more than five parts: ${arena_text}")
endif()
# Written through a copy, so the header (and what includes it) changes only when the text does.
file(WRITE ${CMAKE_BINARY_DIR}/generated/arena_usage.h.new
"/// The usage each program prints for --help: the README's command-line block (game/cmake/about.cmake).
/// Generated from README.md, never edited.
#ifndef ARENA_USAGE_H
#define ARENA_USAGE_H

${arena_usage_defines}
#endif
")
configure_file(${CMAKE_BINARY_DIR}/generated/arena_usage.h.new
  ${CMAKE_BINARY_DIR}/generated/arena_usage.h COPYONLY)

add_library(arena_about INTERFACE)
target_include_directories(arena_about INTERFACE ${CMAKE_BINARY_DIR}/generated)
