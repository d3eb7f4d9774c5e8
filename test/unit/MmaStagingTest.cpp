// The padding of k-contiguous chunk rows (lib/Conversion/TileToLoops):
// an mma.sync fragment read has lane group g (lane / 4) read row g, its four
// lanes four consecutive words, so the 8 rows must start on 8 different
// groups of 4 banks for the read to have no bank conflict.
#include "MmaStaging.h"

#include <catch2/catch.hpp>

#include <set>

using tilechain::mma::contiguousRowLength;

TEST_CASE("k-contiguous chunk rows start 8 fragment rows on 8 bank groups",
          "[mma]") {
  for (int64_t bytes : {1, 2, 4})
    for (int64_t kc = 1; kc <= 64; kc *= 2) {
      if (kc * bytes % 16 != 0)
        continue; // no mma.sync reads rows shorter than 16 bytes
      int64_t row = contiguousRowLength(kc, bytes);
      CAPTURE(bytes, kc, row);
      CHECK(row >= kc);
      CHECK(row * bytes % 16 == 0); // rows stay 16-byte aligned
      CHECK(row - kc <= 16 / bytes); // at most 16 bytes of padding
      std::set<int64_t> groups;
      for (int64_t r = 0; r < 8; ++r)
        groups.insert(r * row * bytes / 16 % 8);
      CHECK(groups.size() == 8);
    }
}
