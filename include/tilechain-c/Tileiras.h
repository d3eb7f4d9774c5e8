/*===- Tileiras.h - the tileiras C API: one program handle ---------------===*\
|*                                                                          *|
|* Tile IR bytecode -> cubin in the calling process, through the handle of  *|
|* NVIDIA's tileiras driver (seed 002, "Driver Program Handle"): create a     *|
|* program from a configuration, compile it, read its output, release it.    *|
|* libtileiras runs tilechain's in-process pipeline (tile-compile's), so the *|
|* cubin is the one `scripts/tileiras` writes for the same options.          *|
|*                                                                          *|
|* Every function returns one of the TILEIRAS_* codes below and, on an       *|
|* error, writes its message (the seed's table) to stderr. Compiles must not *|
|* run concurrently in one process (docs/pipeline.md: NVVMReflect's options  *|
|* are process-wide).                                                        *|
\*===----------------------------------------------------------------------===*/
#ifndef TILECHAIN_C_TILEIRAS_H
#define TILECHAIN_C_TILEIRAS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define TILEIRAS_API __attribute__((visibility("default")))
#else
#define TILEIRAS_API
#endif

enum {
  TILEIRAS_SUCCESS = 0,
  /* "failed to allocate memory for program" */
  TILEIRAS_ERROR_ALLOCATION = 1,
  /* "configuration is null", "input buffer is null", "unsupported GPU
     target", "invalid optimization level", "optimized debugging is not
     supported, ...", "unsupported host architecture", "unsupported host
     operating system" */
  TILEIRAS_ERROR_CONFIGURATION = 2,
  /* "input does not correspond to Tile IR bytecode", "failed to parse IR
     bytecode (it looks like MLIR bytecode instead)" */
  TILEIRAS_ERROR_NOT_TILE_IR = 3,
  /* "program is null", "output pointer is null", "program has not been
     compiled" */
  TILEIRAS_ERROR_HANDLE = 4,
  /* "failed to compile Tile IR program" */
  TILEIRAS_ERROR_COMPILE = 5,
};

enum { TILEIRAS_HOST_X86_64 = 0, TILEIRAS_HOST_AARCH64 = 1,
       TILEIRAS_HOST_ARM64EC = 2 };
enum { TILEIRAS_HOST_LINUX = 0, TILEIRAS_HOST_WINDOWS = 1 };

typedef struct TileirasConfig {
  /* The Tile IR bytecode; copied by tileirasProgramCreate. */
  const void *input_buffer_data;
  size_t input_buffer_size;
  /* The chip as a number: 90 is sm_90 (tilechain's plain targets: 80, 86,
     87, 88, 89, 90, 100, 103, 110, 120, 121). */
  int32_t gpu_id;
  /* 0-3. */
  int32_t opt_level;
  /* 0 or 1; 1 needs opt_level 0. */
  int32_t device_debug;
  /* 0 or 1: .loc line information. */
  int32_t lineinfo;
  /* TILEIRAS_HOST_*: the host object NVIDIA's tileiras wraps the cubin in;
     tilechain writes a bare cubin and only checks the value. */
  int32_t host_arch;
  int32_t host_os;
  /* 0, or 1 for memcheck (accepted, no instrumentation yet). */
  int32_t sanitize;
  uint32_t reserved;
} TileirasConfig;

typedef struct TileirasProgram TileirasProgram;

typedef struct TileirasByteView {
  const uint8_t *data;
  size_t length;
} TileirasByteView;

/* Checks `config` (in the seed's order: out_program, config, input buffer,
   bytecode magic, GPU, optimization level, debug, host) and creates a
   program in *out_program. */
TILEIRAS_API int tileirasProgramCreate(TileirasProgram **out_program,
                          const TileirasConfig *config);

/* Compiles the program to a cubin (ptxas: $TILECHAIN_PTXAS, else the one
   tilechain was configured with). Diagnostics go to stderr. */
TILEIRAS_API int tileirasProgramCompile(TileirasProgram *program);

/* The cubin of a compiled program, valid until the program is released. */
TILEIRAS_API int tileirasProgramGetOutput(TileirasProgram *program,
                             TileirasByteView *output);

/* Frees the program and its output. */
TILEIRAS_API int tileirasProgramRelease(TileirasProgram *program);

#ifdef __cplusplus
}
#endif

#endif /* TILECHAIN_C_TILEIRAS_H */
