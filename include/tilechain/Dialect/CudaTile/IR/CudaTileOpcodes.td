//===- CudaTileOpcodes.td - Tile IR bytecode opcode of every op -----------===//
//
// Opcodes are frozen: a released number never changes meaning. Ops are named
// by mnemonic so that an opcode can be listed before its op is defined; the
// table generator skips numbers whose op does not exist (yet).
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_OPCODES_TD
#define TILECHAIN_CUDATILE_OPCODES_TD

class TileOpcode<string opMnemonic, int number> {
  string mnemonic = opMnemonic;
  int opcode = number;
}

// 13.1 (0x19-0x24 and 0x34-0x39 were never assigned).
def : TileOpcode<"absf", 0x00>;
def : TileOpcode<"absi", 0x01>;
def : TileOpcode<"addf", 0x02>;
def : TileOpcode<"addi", 0x03>;
def : TileOpcode<"andi", 0x04>;
def : TileOpcode<"assert", 0x05>;
def : TileOpcode<"assume", 0x06>;
def : TileOpcode<"atomic_cas_tko", 0x07>;
def : TileOpcode<"atomic_rmw_tko", 0x08>;
def : TileOpcode<"bitcast", 0x09>;
def : TileOpcode<"break", 0x0A>;
def : TileOpcode<"broadcast", 0x0B>;
def : TileOpcode<"cat", 0x0C>;
def : TileOpcode<"ceil", 0x0D>;
def : TileOpcode<"cmpf", 0x0E>;
def : TileOpcode<"cmpi", 0x0F>;
def : TileOpcode<"constant", 0x10>;
def : TileOpcode<"continue", 0x11>;
def : TileOpcode<"cos", 0x12>;
def : TileOpcode<"cosh", 0x13>;
def : TileOpcode<"divf", 0x14>;
def : TileOpcode<"divi", 0x15>;
def : TileOpcode<"entry", 0x16>;
def : TileOpcode<"exp", 0x17>;
def : TileOpcode<"exp2", 0x18>;
def : TileOpcode<"exti", 0x25>;
def : TileOpcode<"extract", 0x26>;
def : TileOpcode<"floor", 0x27>;
def : TileOpcode<"fma", 0x28>;
def : TileOpcode<"for", 0x29>;
def : TileOpcode<"ftof", 0x2A>;
def : TileOpcode<"ftoi", 0x2B>;
def : TileOpcode<"get_global", 0x2C>;
def : TileOpcode<"get_index_space_shape", 0x2D>;
def : TileOpcode<"get_num_tile_blocks", 0x2E>;
def : TileOpcode<"get_tensor_shape", 0x2F>;
def : TileOpcode<"get_tile_block_id", 0x30>;
def : TileOpcode<"global", 0x31>;
def : TileOpcode<"if", 0x32>;
def : TileOpcode<"int_to_ptr", 0x33>;
def : TileOpcode<"iota", 0x3A>;
def : TileOpcode<"itof", 0x3B>;
def : TileOpcode<"join_tokens", 0x3C>;
def : TileOpcode<"load_ptr_tko", 0x3D>;
def : TileOpcode<"load_view_tko", 0x3E>;
def : TileOpcode<"log", 0x3F>;
def : TileOpcode<"log2", 0x40>;
def : TileOpcode<"loop", 0x41>;
def : TileOpcode<"make_partition_view", 0x42>;
def : TileOpcode<"make_tensor_view", 0x43>;
def : TileOpcode<"make_token", 0x44>;
def : TileOpcode<"maxf", 0x45>;
def : TileOpcode<"maxi", 0x46>;
def : TileOpcode<"minf", 0x47>;
def : TileOpcode<"mini", 0x48>;
def : TileOpcode<"mmaf", 0x49>;
def : TileOpcode<"mmai", 0x4A>;
def : TileOpcode<"module", 0x4B>;
def : TileOpcode<"mulf", 0x4C>;
def : TileOpcode<"mulhii", 0x4D>;
def : TileOpcode<"muli", 0x4E>;
def : TileOpcode<"negf", 0x4F>;
def : TileOpcode<"negi", 0x50>;
def : TileOpcode<"offset", 0x51>;
def : TileOpcode<"ori", 0x52>;
def : TileOpcode<"permute", 0x53>;
def : TileOpcode<"pow", 0x54>;
// 13.1 called this op `print` (no token); 13.2 renamed it and added the token.
def : TileOpcode<"print_tko", 0x55>;
def : TileOpcode<"ptr_to_int", 0x56>;
def : TileOpcode<"ptr_to_ptr", 0x57>;
def : TileOpcode<"reduce", 0x58>;
def : TileOpcode<"remf", 0x59>;
def : TileOpcode<"remi", 0x5A>;
def : TileOpcode<"reshape", 0x5B>;
def : TileOpcode<"return", 0x5C>;
def : TileOpcode<"rsqrt", 0x5D>;
def : TileOpcode<"scan", 0x5E>;
def : TileOpcode<"select", 0x5F>;
def : TileOpcode<"shli", 0x60>;
def : TileOpcode<"shri", 0x61>;
def : TileOpcode<"sin", 0x62>;
def : TileOpcode<"sinh", 0x63>;
def : TileOpcode<"sqrt", 0x64>;
def : TileOpcode<"store_ptr_tko", 0x65>;
def : TileOpcode<"store_view_tko", 0x66>;
def : TileOpcode<"subf", 0x67>;
def : TileOpcode<"subi", 0x68>;
def : TileOpcode<"tan", 0x69>;
def : TileOpcode<"tanh", 0x6A>;
def : TileOpcode<"trunci", 0x6B>;
def : TileOpcode<"xori", 0x6C>;
def : TileOpcode<"yield", 0x6D>;
// 13.2
def : TileOpcode<"atan2", 0x6E>;
// 13.3
def : TileOpcode<"pack", 0x6F>;
def : TileOpcode<"unpack", 0x70>;
def : TileOpcode<"alloca", 0x71>;
def : TileOpcode<"mmaf_scaled", 0x72>;
def : TileOpcode<"make_gather_scatter_view", 0x73>;
def : TileOpcode<"make_strided_view", 0x74>;
def : TileOpcode<"atomic_red_view_tko", 0x75>;
// 13.4
def : TileOpcode<"insert", 0x76>;
def : TileOpcode<"gdc_launch_dependents_tko", 0x77>;
def : TileOpcode<"gdc_wait_tko", 0x78>;
def : TileOpcode<"fpowi", 0x79>;
def : TileOpcode<"memory_fence_alias_tko", 0x7A>;
// 13.5
def : TileOpcode<"multimem_load_reduce_view_tko", 0x7B>;
def : TileOpcode<"multimem_reduce_view_tko", 0x7C>;
def : TileOpcode<"multimem_store_view_tko", 0x7D>;

// Optional attributes that the bytecode nevertheless always carries, without
// a presence bit (13.4 writes `inbounds` of view loads and stores
// unconditionally, 13.5 that of atomic_red_view_tko and of the multimem view
// ops). An all-false value reads as absent, and an absent one is written all
// false, one entry per index (NVIDIA's reader refuses any other size).
class TileAlwaysEncoded<string opMnemonic, string attrName> {
  string mnemonic = opMnemonic;
  string attr = attrName;
}
def : TileAlwaysEncoded<"load_view_tko", "inbounds">;
def : TileAlwaysEncoded<"store_view_tko", "inbounds">;
def : TileAlwaysEncoded<"atomic_red_view_tko", "inbounds">;
def : TileAlwaysEncoded<"multimem_load_reduce_view_tko", "inbounds">;
def : TileAlwaysEncoded<"multimem_reduce_view_tko", "inbounds">;
def : TileAlwaysEncoded<"multimem_store_view_tko", "inbounds">;

#endif // TILECHAIN_CUDATILE_OPCODES_TD
