# Helpers shared by every library and tool of the project.

# tilechain_library(NAME SOURCES... [DEPENDS tblgen-targets...] [LINK libs...])
# LLVM and MLIR come through TilechainLLVM: shared or static as the
# executable that links the library chooses (TILECHAIN_STATIC_LLVM).
function(tilechain_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;LINK" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC ${ARG_LINK} TilechainLLVM)
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction()

# tilechain_tool(NAME SOURCES... [LINK libs...]): a thin main in build/bin,
# linked against the static LLVM/MLIR archives when TILECHAIN_STATIC_LLVM
# names it (or is `all`), else against the shared libraries.
function(tilechain_tool name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LINK" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  if(TILECHAIN_STATIC_LLVM STREQUAL "all" OR TILECHAIN_STATIC_LLVM STREQUAL name)
    set_target_properties(${name} PROPERTIES TILECHAIN_LINKS_STATIC_LLVM ON)
    # Not position-independent: a PIE of this size spends milliseconds of
    # every start applying some 300,000 relative relocations; the C++ runtime
    # linked in, so that the dynamic loader need not look up its symbols.
    target_link_options(${name} PRIVATE -no-pie -static-libstdc++ -static-libgcc)
  endif()
  target_link_libraries(${name} PRIVATE ${ARG_LINK} TilechainLLVM)
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
endfunction()
