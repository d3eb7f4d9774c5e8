//===- tileiras.cpp - tilechain's tileiras-compatible driver --------------===//
//
// The command line front ends run (include/tilechain/Driver/Driver.h);
// scripts/tileiras starts this program from a checkout.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Driver/Driver.h"

int main(int argc, char **argv) {
  return tilechain::driver::runTileiras(argc, argv);
}
