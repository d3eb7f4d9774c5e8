//===- CudaTileAttrs.td - cuda_tile enums and attributes ------------------===//
//
// Enum case values are part of the bytecode format: they must not change.
//
//===----------------------------------------------------------------------===//
#ifndef TILECHAIN_CUDATILE_ATTRS_TD
#define TILECHAIN_CUDATILE_ATTRS_TD

include "mlir/IR/EnumAttr.td"
include "mlir/IR/AttrTypeBase.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileDialect.td"
include "tilechain/Dialect/CudaTile/IR/CudaTileInterfaces.td"

class CudaTile_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<CudaTile_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

// An enum stored as `#cuda_tile.<mnemonic><case>`.
class CudaTile_EnumAttr<EnumAttrInfo info, string attrMnemonic>
    : EnumAttr<CudaTile_Dialect, info, attrMnemonic> {
  let assemblyFormat = "`<` $value `>`";
}

//===----------------------------------------------------------------------===//
// Enums printed as dialect attributes
//===----------------------------------------------------------------------===//

def CudaTile_Signedness : I32EnumAttr<"Signedness", "integer signedness", [
    I32EnumAttrCase<"Unsigned", 0, "unsigned">,
    I32EnumAttrCase<"Signed", 1, "signed">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::cuda_tile";
}
def CudaTile_SignednessAttr : CudaTile_EnumAttr<CudaTile_Signedness, "signedness">;

def CudaTile_IntegerOverflow : I32EnumAttr<"IntegerOverflow", "integer overflow", [
    I32EnumAttrCase<"NONE", 0, "none">,
    I32EnumAttrCase<"NSW", 1, "no_signed_wrap">,
    I32EnumAttrCase<"NUW", 2, "no_unsigned_wrap">,
    I32EnumAttrCase<"NW", 3, "no_wrap">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::cuda_tile";
}
def CudaTile_IntegerOverflowAttr
    : CudaTile_EnumAttr<CudaTile_IntegerOverflow, "overflow">;

def CudaTile_RoundingMode : I32EnumAttr<"RoundingMode", "rounding mode", [
    I32EnumAttrCase<"NEAREST_EVEN", 0, "nearest_even">,
    I32EnumAttrCase<"ZERO", 1, "zero">,
    I32EnumAttrCase<"NEGATIVE_INF", 2, "negative_inf">,
    I32EnumAttrCase<"POSITIVE_INF", 3, "positive_inf">,
    I32EnumAttrCase<"APPROX", 4, "approx">,
    I32EnumAttrCase<"FULL", 5, "full">,
    I32EnumAttrCase<"NEAREST_INT_TO_ZERO", 6, "nearest_int_to_zero">,
    I32EnumAttrCase<"NEAREST_AWAY", 7, "nearest_away">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::cuda_tile";
}
def CudaTile_RoundingModeAttr : CudaTile_EnumAttr<CudaTile_RoundingMode, "rounding">;

def CudaTile_ComparisonOrdering : I32EnumAttr<"ComparisonOrdering",
    "comparison_ordering", [
    I32EnumAttrCase<"UNORDERED", 0, "unordered">,
    I32EnumAttrCase<"ORDERED", 1, "ordered">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::cuda_tile";
}
def CudaTile_ComparisonOrderingAttr
    : CudaTile_EnumAttr<CudaTile_ComparisonOrdering, "comparison_ordering">;

def CudaTile_ComparisonPredicate : I32EnumAttr<"ComparisonPredicate",
    "cmp_predicate", [
    I32EnumAttrCase<"EQUAL", 0, "equal">,
    I32EnumAttrCase<"NOT_EQUAL", 1, "not_equal">,
    I32EnumAttrCase<"LESS_THAN", 2, "less_than">,
    I32EnumAttrCase<"LESS_THAN_OR_EQUAL", 3, "less_than_or_equal">,
    I32EnumAttrCase<"GREATER_THAN", 4, "greater_than">,
    I32EnumAttrCase<"GREATER_THAN_OR_EQUAL", 5, "greater_than_or_equal">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::cuda_tile";
}
def CudaTile_ComparisonPredicateAttr
    : CudaTile_EnumAttr<CudaTile_ComparisonPredicate, "comparison_predicate">;

def CudaTile_PaddingValue : I32EnumAttr<"PaddingValue",
    "load padding value for out of bound access", [
    I32EnumAttrCase<"zero", 0, "zero">,
    I32EnumAttrCase<"neg_zero", 1, "neg_zero">,
    I32EnumAttrCase<"nan", 2, "nan">,
    I32EnumAttrCase<"pos_inf", 3, "pos_inf">,
    I32EnumAttrCase<"neg_inf", 4, "neg_inf">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::cuda_tile";
}
def CudaTile_PaddingValueAttr
    : CudaTile_EnumAttr<CudaTile_PaddingValue, "padding_value">;

// Visibility of a module-level symbol (cuda_tile.global), since 13.2.
def CudaTile_SymbolVisibility : I32EnumAttr<"SymbolVisibility",
    "symbol visibility", [
    I32EnumAttrCase<"Public", 0, "public">,
    I32EnumAttrCase<"Private", 1, "private">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::cuda_tile";
}
def CudaTile_SymbolVisibilityAttr
    : CudaTile_EnumAttr<CudaTile_SymbolVisibility, "symbol_visibility">;

// The pointer classification that ptr and tensor_view types may carry
// (`#cuda_tile.ptr_attr<multicast>`; `none` since 13.4, the others since
// 13.5). A multicast pointer addresses a multicast object, whose accesses
// reach the copy of every device bound to it: only the multimem view ops may
// access memory through one. The bytecode keeps an absent classification
// apart from `none`, and so does the dialect.
def CudaTile_PointerClass : I32EnumAttr<"PointerClass",
    "pointer classification", [
    I32EnumAttrCase<"NONE", 0, "none">,
    I32EnumAttrCase<"UNICAST", 1, "unicast">,
    I32EnumAttrCase<"MULTICAST", 2, "multicast">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::cuda_tile";
}
def CudaTile_PointerClassAttr
    : CudaTile_EnumAttr<CudaTile_PointerClass, "ptr_attr">;

// The reduction of the multimem loads and reductions (13.5), PTX
// multimem.ld_reduce's and multimem.red's operator.
def CudaTile_MultimemReductionKind : I32EnumAttr<"MultimemReductionKind",
    "multimem reduction kind", [
    I32EnumAttrCase<"ADD", 0, "add">,
    I32EnumAttrCase<"MIN", 1, "min">,
    I32EnumAttrCase<"MAX", 2, "max">,
    I32EnumAttrCase<"AND", 3, "and">,
    I32EnumAttrCase<"OR", 4, "or">,
    I32EnumAttrCase<"XOR", 5, "xor">,
    I32EnumAttrCase<"UMIN", 6, "umin">,
    I32EnumAttrCase<"UMAX", 7, "umax">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::cuda_tile";
}
def CudaTile_MultimemReductionKindAttr
    : CudaTile_EnumAttr<CudaTile_MultimemReductionKind,
                        "multimem_reduction_kind">;

//===----------------------------------------------------------------------===//
// Enums stored as plain i32 integer attributes
//===----------------------------------------------------------------------===//

def CudaTile_AtomicRMWModeAttr : I32EnumAttr<"AtomicRMWMode", "", [
    I32EnumAttrCase<"AND", 0, "and">,
    I32EnumAttrCase<"OR", 1, "or">,
    I32EnumAttrCase<"XOR", 2, "xor">,
    I32EnumAttrCase<"ADD", 3, "add">,
    I32EnumAttrCase<"ADDF", 4, "addf">,
    I32EnumAttrCase<"MAX", 5, "max">,
    I32EnumAttrCase<"MIN", 6, "min">,
    I32EnumAttrCase<"UMAX", 7, "umax">,
    I32EnumAttrCase<"UMIN", 8, "umin">,
    I32EnumAttrCase<"XCHG", 9, "xchg">]> {
  let cppNamespace = "::mlir::cuda_tile";
}

def CudaTile_MemoryScopeAttr : I32EnumAttr<"MemoryScope", "memory scope", [
    I32EnumAttrCase<"TL_BLK", 0, "tl_blk">,
    I32EnumAttrCase<"DEVICE", 1, "device">,
    I32EnumAttrCase<"SYS", 2, "sys">]> {
  let cppNamespace = "::mlir::cuda_tile";
}

def CudaTile_MemoryOrderingSemanticsAttr : I32EnumAttr<
    "MemoryOrderingSemantics", "memory ordering semantics", [
    I32EnumAttrCase<"WEAK", 0, "weak">,
    I32EnumAttrCase<"RELAXED", 1, "relaxed">,
    I32EnumAttrCase<"ACQUIRE", 2, "acquire">,
    I32EnumAttrCase<"RELEASE", 3, "release">,
    I32EnumAttrCase<"ACQ_REL", 4, "acq_rel">]> {
  let cppNamespace = "::mlir::cuda_tile";
}

//===----------------------------------------------------------------------===//
// Optimization hints
//===----------------------------------------------------------------------===//

// Per-architecture hints: `<sm_100 = {num_cta_in_cga = 8}, sm_120 = {...}>`.
def CudaTile_OptimizationHintsAttr
    : CudaTile_Attr<"OptimizationHints", "optimization_hints"> {
  let summary = "architecture-specific compiler hints";
  let parameters = (ins "::mlir::DictionaryAttr":$value);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The hint `name` for architecture `sm` (e.g. "sm_100"), if present:
    /// from its entry (or its arch-specific `sm_100a` one), else from the
    /// `default` entry.
    ::mlir::Attribute getHint(::llvm::StringRef sm, ::llvm::StringRef name) const;
    std::optional<int64_t> getNumCTAInCGA(::llvm::StringRef sm) const;
    std::optional<bool> getAllowTMA(::llvm::StringRef sm) const;
    std::optional<int64_t> getLatency(::llvm::StringRef sm) const;
    std::optional<int64_t> getOccupancy(::llvm::StringRef sm) const;
    std::optional<int64_t> getNumWorkerWarpsPerCTA(::llvm::StringRef sm) const;

    /// The largest values of the integer hints (each at least 1;
    /// num_cta_in_cga and num_worker_warps_per_cta powers of two):
    /// -Werr-hints checks them, and the lowering compiles a hint outside
    /// its range as if it were absent.
    static constexpr int64_t kMaxOccupancy = 32;
    static constexpr int64_t kMaxLatency = 10;
    static constexpr int64_t kMaxNumCTAInCGA = 16;
    static constexpr int64_t kMaxNumWorkerWarpsPerCTA = 32;
    /// Whether `value` is in the range of integer hint `name` (occupancy,
    /// latency, num_cta_in_cga or num_worker_warps_per_cta).
    static bool isValidIntHint(::llvm::StringRef name, int64_t value);

    /// The kinds of op that carry hints, each accepting its own hint names.
    enum class HintUser { Entry, ViewAccess, PointerAccess };
    /// Reports, at `op`, unknown architectures, hint names `user` does not
    /// accept and out-of-range values, as the dialect's hint policy says
    /// (ignored by default; see CudaTileDialect::setHintPolicy).
    ::mlir::LogicalResult verifyForOp(::mlir::Operation *op,
                                      HintUser user) const;
  }];
}

//===----------------------------------------------------------------------===//
// Assume predicates
//===----------------------------------------------------------------------===//

// `div_by<divisor>` or `div_by<divisor, every N along D>`.
def CudaTile_DivByAttr : CudaTile_Attr<"DivBy", "div_by",
    [DeclareAttrInterfaceMethods<CudaTile_AssumePredicateAttrInterface>]> {
  let summary = "elements (or a view's base address) divisible by a power of two";
  let parameters = (ins "uint64_t":$divisor,
                        "std::optional<int64_t>":$every,
                        "std::optional<int64_t>":$along);
  let hasCustomAssemblyFormat = 1;
}

// `same_elements<[c0, c1, ...]>`: groups of c_i along dim i hold equal values.
def CudaTile_SameElementsAttr : CudaTile_Attr<"SameElements", "same_elements",
    [DeclareAttrInterfaceMethods<CudaTile_AssumePredicateAttrInterface>]> {
  let summary = "groups of equal elements per dimension";
  let parameters = (ins "::mlir::DenseI64ArrayAttr":$values);
  let assemblyFormat = "`<` $values `>`";
}

// `bounded<lb, ub>`, either bound may be `?`.
def CudaTile_BoundedAttr : CudaTile_Attr<"Bounded", "bounded",
    [DeclareAttrInterfaceMethods<CudaTile_AssumePredicateAttrInterface>]> {
  let summary = "inclusive signed bounds of every element";
  let parameters = (ins OptionalParameter<"std::optional<int64_t>">:$lb,
                        OptionalParameter<"std::optional<int64_t>">:$ub);
  let assemblyFormat = "`<` ($lb^) : (`?`)? `,` ($ub^) : (`?`)? `>`";
}

//===----------------------------------------------------------------------===//
// Debug information
//===----------------------------------------------------------------------===//

// `di_file<"foo.py" in "/tmp/">`.
def CudaTile_DIFileAttr : CudaTile_Attr<"DIFile", "di_file"> {
  let summary = "a source file";
  let parameters = (ins "::mlir::StringAttr":$name,
                        "::mlir::StringAttr":$directory);
  let assemblyFormat = "`<` $name `in` $directory `>`";
}

def CudaTile_DICompileUnitAttr
    : CudaTile_Attr<"DICompileUnit", "di_compile_unit"> {
  let summary = "a compilation unit, the root scope of its file";
  let parameters = (ins "DIFileAttr":$file);
  let assemblyFormat = "`<` struct(params) `>`";
}

// Bytecode 13.5 gives each subprogram a flags varint; bit 0 is the only one
// the reference reader knows.
def CudaTile_DISubprogramFlags : I32BitEnumAttr<"DISubprogramFlags",
    "debug info subprogram flags", [
    I32BitEnumAttrCaseNone<"None", "none">,
    I32BitEnumAttrCaseBit<"Declaration", 0, "declaration">]> {
  let genSpecializedAttr = 0;
  let cppNamespace = "::mlir::cuda_tile";
}

def CudaTile_DISubprogramAttr : CudaTile_Attr<"DISubprogram", "di_subprogram"> {
  let summary = "a source function";
  let parameters = (ins "DIFileAttr":$file,
                        "unsigned":$line,
                        "::mlir::StringAttr":$name,
                        "::mlir::StringAttr":$linkageName,
                        "DICompileUnitAttr":$compileUnit,
                        OptionalParameter<"unsigned">:$scopeLine,
                        OptionalParameter<"DISubprogramFlags">:$flags);
  let assemblyFormat = "`<` struct(params) `>`";
}

// A nested scope; `scope` is a di_subprogram or another di_lexical_block.
def CudaTile_DILexicalBlockAttr
    : CudaTile_Attr<"DILexicalBlock", "di_lexical_block"> {
  let summary = "a lexical block within a subprogram";
  let parameters = (ins "::mlir::Attribute":$scope,
                        "DIFileAttr":$file,
                        "unsigned":$line,
                        OptionalParameter<"unsigned">:$column);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

// `loc(#cuda_tile.di_loc<loc("f.py":1:2) in #subprogram>)`: a source location
// inside a di_subprogram or di_lexical_block scope.
def CudaTile_DILocAttr : LocationAttrDef<CudaTile_Dialect, "DILoc"> {
  let summary = "a source location with a debug info scope";
  let mnemonic = "di_loc";
  let parameters = (ins "::mlir::FileLineColLoc":$sourceLoc,
                        "::mlir::Attribute":$scope);
  let assemblyFormat = "`<` $sourceLoc `in` $scope `>`";
  let genVerifyDecl = 1;
}

#endif // TILECHAIN_CUDATILE_ATTRS_TD
