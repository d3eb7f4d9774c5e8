/* Drives libtileiras through every error code of seed 002's table and one
 * successful compile. Prints one line per call: the call, its code; the
 * library's messages go to stderr, which the lit test merges in order.
 *
 *   tileiras-capi-test KERNEL.tileirbc NOT-BYTECODE MLIRBC FAILING.tileirbc
 *                      OUT.cubin
 *
 * KERNEL compiles for sm_90; FAILING does not compile for sm_80. The cubin
 * of KERNEL is written to OUT. */
#include "tilechain-c/Tileiras.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *readFile(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  *size = (size_t)ftell(f);
  fseek(f, 0, SEEK_SET);
  char *data = malloc(*size ? *size : 1);
  if (fread(data, 1, *size, f) != *size)
    exit(2);
  fclose(f);
  return data;
}

static int report(const char *what, int code) {
  fflush(stderr);
  printf("%s: %d\n", what, code);
  fflush(stdout);
  return code;
}

static TileirasConfig configFor(const char *data, size_t size, int gpu) {
  TileirasConfig config;
  memset(&config, 0, sizeof config);
  config.input_buffer_data = data;
  config.input_buffer_size = size;
  config.gpu_id = gpu;
  config.opt_level = 3;
  return config;
}

int main(int argc, char **argv) {
  if (argc != 6 && argc != 2) {
    fprintf(stderr, "usage: %s KERNEL NOT-BYTECODE MLIRBC FAILING OUT\n",
            argv[0]);
    return 2;
  }
  size_t kernelSize;
  char *kernel = readFile(argv[1], &kernelSize);
  TileirasProgram *program = NULL;
  TileirasConfig config = configFor(kernel, kernelSize, 90);
  if (argc == 2) /* Only the allocation. */
    return report("create", tileirasProgramCreate(&program, &config)) != 1;

  size_t size;
  report("create without out_program", tileirasProgramCreate(NULL, &config));
  report("create without config", tileirasProgramCreate(&program, NULL));
  TileirasConfig bad = config;
  bad.input_buffer_data = NULL;
  report("create without input", tileirasProgramCreate(&program, &bad));
  char *text = readFile(argv[2], &size);
  bad = configFor(text, size, 90);
  report("create from text", tileirasProgramCreate(&program, &bad));
  char *mlirbc = readFile(argv[3], &size);
  bad = configFor(mlirbc, size, 90);
  report("create from MLIR bytecode", tileirasProgramCreate(&program, &bad));
  bad = configFor(kernel, kernelSize, 75);
  report("create for sm_75", tileirasProgramCreate(&program, &bad));
  bad = config;
  bad.opt_level = 4;
  report("create at -O4", tileirasProgramCreate(&program, &bad));
  bad = config;
  bad.device_debug = 1;
  report("create -O3 -g", tileirasProgramCreate(&program, &bad));
  bad = config;
  bad.host_arch = 3;
  report("create for host arch 3", tileirasProgramCreate(&program, &bad));
  bad = config;
  bad.host_os = 2;
  report("create for host os 2", tileirasProgramCreate(&program, &bad));
  if (program)
    return report("a failed create set the program", 1);

  TileirasByteView output = {NULL, 0};
  report("compile null", tileirasProgramCompile(NULL));
  report("output of null", tileirasProgramGetOutput(NULL, &output));
  report("release null", tileirasProgramRelease(NULL));

  char *failing = readFile(argv[4], &size);
  bad = configFor(failing, size, 80);
  report("create failing", tileirasProgramCreate(&program, &bad));
  report("compile failing", tileirasProgramCompile(program));
  report("output after failed compile",
         tileirasProgramGetOutput(program, &output));
  report("release failing", tileirasProgramRelease(program));

  config.lineinfo = 1;
  report("create", tileirasProgramCreate(&program, &config));
  report("output before compile", tileirasProgramGetOutput(program, &output));
  report("compile", tileirasProgramCompile(program));
  report("output into null", tileirasProgramGetOutput(program, NULL));
  report("output", tileirasProgramGetOutput(program, &output));
  FILE *out = fopen(argv[5], "wb");
  if (!out || fwrite(output.data, 1, output.length, out) != output.length)
    return 2;
  fclose(out);
  report("release", tileirasProgramRelease(program));
  free(kernel);
  free(text);
  free(mlirbc);
  free(failing);
  return 0;
}
