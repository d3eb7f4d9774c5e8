# Helpers shared by every library and tool of the project.

# The precompiled header that every tilechain_library reuses
# (cmake/PrecompiledHeaders.h says why). Its target has the libraries'
# compile flags, position-independent code included, as gcc loads a
# precompiled header only into compiles with the flags it was made with.
add_library(TilechainPrecompiledHeaders OBJECT
            ${TILECHAIN_SOURCE_DIR}/cmake/PrecompiledHeaders.cpp)
set_target_properties(TilechainPrecompiledHeaders PROPERTIES
                      POSITION_INDEPENDENT_CODE ON)
target_precompile_headers(TilechainPrecompiledHeaders PRIVATE
                          ${TILECHAIN_SOURCE_DIR}/cmake/PrecompiledHeaders.h)

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
  target_precompile_headers(${name} REUSE_FROM TilechainPrecompiledHeaders)
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
    # every start applying some 300,000 relative relocations. Static, C
    # library included: no dynamic loader runs at all (0.7 ms of every
    # start). Without the functions nothing calls: a quarter less code.
    target_link_options(${name} PRIVATE -no-pie -static -Wl,--gc-sections)
    # A stage on a small kernel spends as long in page faults as in its own
    # work: each fault maps 64 KB of text, over which the functions a compile
    # runs lay scattered. Placed together first, they take a third of the
    # text's faults (docs/pipeline.md, "Link layout").
    if(TILECHAIN_LLD)
      get_filename_component(lld_dir ${TILECHAIN_LLD} DIRECTORY)
      set(order ${TILECHAIN_SOURCE_DIR}/cmake/startup-order.txt)
      target_link_options(${name} PRIVATE -fuse-ld=lld -B${lld_dir}/
                          -Wl,--symbol-ordering-file=${order}
                          -Wl,--no-warn-symbol-ordering)
      set_property(TARGET ${name} APPEND PROPERTY LINK_DEPENDS ${order})
    endif()
  endif()
  target_link_libraries(${name} PRIVATE ${ARG_LINK} TilechainLLVM)
  set_target_properties(${name} PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
endfunction()
