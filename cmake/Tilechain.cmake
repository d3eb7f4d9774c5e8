# Helpers shared by every library and tool of the project.

# tilechain_library(NAME SOURCES... [DEPENDS tblgen-targets...] [LINK libs...])
function(tilechain_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPENDS;LINK" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  if(ARG_DEPENDS)
    add_dependencies(${name} ${ARG_DEPENDS})
  endif()
  target_link_libraries(${name} PUBLIC ${ARG_LINK} ${TILECHAIN_MLIR_LIBS} ${TILECHAIN_LLVM_LIBS})
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction()

# tilechain_tool(NAME SOURCES... [LINK libs...]): a thin main in build/bin.
function(tilechain_tool name)
  cmake_parse_arguments(ARG "" "" "SOURCES;LINK" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_LINK} ${TILECHAIN_MLIR_LIBS} ${TILECHAIN_LLVM_LIBS})
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
endfunction()
