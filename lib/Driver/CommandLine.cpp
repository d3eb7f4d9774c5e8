//===- CommandLine.cpp - the tileiras command line ------------------------===//
#include "tilechain/Driver/CommandLine.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <functional>

using namespace llvm;
using namespace tilechain::driver;

namespace {

// NVIDIA's tileiras 13.5 lists the plain targets; tilechain also takes the
// arch-specific (a) and family (f) variants.
constexpr StringLiteral kGPUNames[] = {
    "sm_80",   "sm_86",   "sm_87",   "sm_88",   "sm_89",   "sm_90",
    "sm_90a",  "sm_100",  "sm_100a", "sm_100f", "sm_103",  "sm_103a",
    "sm_103f", "sm_107",  "sm_110",  "sm_110a", "sm_110f", "sm_120",
    "sm_120a", "sm_120f", "sm_121",  "sm_121a", "sm_121f"};
constexpr StringLiteral kHostArches[] = {"x86_64", "aarch64"};
constexpr StringLiteral kHostOSes[] = {"linux", "windows"};
constexpr StringLiteral kSanitizers[] = {"memcheck"};
constexpr StringLiteral kRemarkFormats[] = {"command-line", "yaml"};
constexpr StringLiteral kRemarkCategories[] = {"none", "all", "memory",
                                               "tensorcore"};
// Preview features NVIDIA's tileiras 13.5 knows; tilechain implements none
// (docs/simt-preview.md).
constexpr StringLiteral kPreviewFeatures[] = {"simt"};
constexpr StringLiteral kTileForms[] = {"serial", "parallel"};

//===----------------------------------------------------------------------===//
// --help: every option of NVIDIA's tileiras 13.5, in its layout, then
// tilechain's own.
//===----------------------------------------------------------------------===//

struct HelpValue {
  std::string value, description;
};
struct HelpOption {
  std::string name, description;
  std::vector<HelpValue> values;
};

std::string gpuDescription(StringRef name) {
  StringRef suffix = name.back() == 'a'   ? " (arch-specific)"
                     : name.back() == 'f' ? " (family)"
                                          : "";
  return ("SM " + name.drop_front(3).rtrim("af") + suffix).str();
}

std::vector<HelpValue> plainValues(ArrayRef<StringLiteral> values) {
  std::vector<HelpValue> result;
  for (StringRef value : values)
    result.push_back({value.str(), value.str()});
  return result;
}

std::vector<HelpOption> genericOptions() {
  return {
      {"--help", "Display available options (--help-hidden for more)", {}},
      {"--help-list",
       "Display list of available options (--help-list-hidden for more)",
       {}},
      {"--version", "Display the version of this program", {}},
  };
}

std::vector<HelpOption> assemblerOptions() {
  std::vector<HelpValue> gpus;
  for (StringRef gpu : kGPUNames)
    gpus.push_back({gpu.str(), gpuDescription(gpu)});
  return {
      {"-O", "Alias for --opt-level", {}},
      {"--apply-controls=<path>",
       "Composite ACF file forwarded to libNVVM and ptxas (not supported by "
       "tilechain)",
       {}},
      {"--arch", "Alias for --gpu-name", {}},
      {"--device-debug",
       "Generate debug information (if present in the input bytecode)",
       {}},
      {"-g", "Alias for --device-debug", {}},
      {"--gpu-name=<value>", "Specify name of NVIDIA GPU to generate code for.",
       gpus},
      {"--host-arch=<value>",
       "Specify the architecture for the generated host code.",
       plainValues(kHostArches)},
      {"--host-os=<value>",
       "Specify the operating system for the generated host code.",
       plainValues(kHostOSes)},
      {"-l <path>", "Tile libraries to load. Requires the SIMT preview.", {}},
      {"--lineinfo",
       "Generate line-number information (if present in the input bytecode)",
       {}},
      {"--list-versions", "List all supported bytecode versions and exit", {}},
      {"-o", "Alias for --output-file", {}},
      {"--opt-level=<N>", "Specify optimization level. Default Value: 3.", {}},
      {"--output-file=<file>", "Specify name of output file.", {}},
      {"--preview=<feature[,feature...]>",
       "Enable one or more named preview features",
       {}},
      {"--sanitize=<value>",
       "Enable compiler instrumentation for the sanitizer tool specified by "
       "the option.",
       {{"memcheck", "Sanitize memory accesses"}}},
  };
}

std::vector<HelpValue> remarkCategoryValues(StringRef kind) {
  std::string of = kind.empty() ? "" : (" " + kind).str();
  return {{"none", "Disable" + (kind.empty() ? " all" : of) + " remarks"},
          {"all", "Show all" + of + " remarks"},
          {"memory", "Show memory-related" + of + " remarks"},
          {"tensorcore", "Show tensor-core" + of + " remarks"}};
}

std::vector<HelpOption> remarkOptions() {
  std::vector<HelpOption> options = {
      {"--remark-format=<value>",
       "Specify the format for remark output",
       {{"command-line", "Print remarks to command-line"},
        {"yaml", "Write remarks to YAML file"}}},
      {"--remarks=<value>",
       "Enable all remark types (passed, missed, failed, analysis) for the "
       "specified category",
       remarkCategoryValues("")},
  };
  for (StringRef kind : {"analysis", "failed", "missed"})
    options.push_back({("--remarks-" + kind + "=<value>").str(),
                       ("Category for " + kind + " optimization remarks").str(),
                       remarkCategoryValues(kind)});
  options.push_back({"--remarks-output-file=<string>",
                     "Output file for YAML remark format. Default is "
                     "tileir_remarks.yaml",
                     {}});
  options.push_back({"--remarks-passed=<value>",
                     "Category for passed optimization remarks",
                     remarkCategoryValues("passed")});
  return options;
}

std::vector<HelpOption> tilechainOptions() {
  return {
      {"--cache-clear", "Remove every entry of the compile cache", {}},
      {"--cache-stats",
       "Print the compile cache's directory, size and counters",
       {}},
      {"--in-process",
       "Compile in one process (tile-compile) instead of ninja over the "
       "stage tools; same cubin",
       {}},
      {"--keep-intermediates <dir>",
       "Keep build.ninja, the stage outputs and their logs in <dir> (rerun "
       "with ninja -C <dir>)",
       {}},
      {"--tile-form=<value>",
       "How tiles are spread over a CTA's threads (docs/pipeline.md)",
       {{"serial", "One thread runs each CTA's whole tile program (the "
                   "reference form)"},
        {"parallel", "Tiles spread over the CTA's threads where every op of "
                     "the kernel allows it, else serial (default)"}}},
  };
}

void printOptions(raw_ostream &os, ArrayRef<HelpOption> options) {
  for (const HelpOption &option : options) {
    os << "  " << left_justify(option.name, 32) << " - " << option.description
       << "\n";
    for (const HelpValue &value : option.values)
      os << "    =" << left_justify(value.value, 29) << " -   "
         << value.description << "\n";
  }
}

std::string helpText(bool grouped) {
  std::string text;
  raw_string_ostream os(text);
  os << "OVERVIEW: tileiras: Tile IR optimizing assembler (tilechain)\n\n"
     << "USAGE: tileiras [options] <tile bytecode file>\n\nOPTIONS:\n";
  if (grouped) {
    std::pair<StringRef, std::vector<HelpOption>> groups[] = {
        {"Generic Options:", genericOptions()},
        {"TileIR Assembler Options:", assemblerOptions()},
        {"TileIR Assembler Remark Options:\nFilter remarks by category.",
         remarkOptions()},
        {"tilechain Options:", tilechainOptions()}};
    for (auto &[title, options] : groups) {
      os << "\n" << title << "\n\n";
      printOptions(os, options);
    }
    return text;
  }
  std::vector<HelpOption> everything;
  for (auto group : {genericOptions(), assemblerOptions(), remarkOptions(),
                     tilechainOptions()})
    llvm::append_range(everything, group);
  std::stable_sort(everything.begin(), everything.end(),
                   [](const HelpOption &a, const HelpOption &b) {
                     return StringRef(a.name).ltrim('-') <
                            StringRef(b.name).ltrim('-');
                   });
  printOptions(os, everything);
  return text;
}

//===----------------------------------------------------------------------===//
// Parsing, with Python argparse's rules (no abbreviations, `--name=value`
// or `--name value`, `-oX` or `-o X` for short options) and LLVM cl's
// messages for bad values.
//===----------------------------------------------------------------------===//

/// Stores a value, or returns the message for a bad one.
using Store = std::function<std::optional<std::string>(StringRef)>;

struct OptionSpec {
  /// Every spelling, the first one named in messages about its values.
  std::vector<StringRef> names;
  /// Takes a value; otherwise a flag, `store` called with "".
  bool takesValue;
  Store store;
};

std::optional<std::string> badValue(StringRef option, StringRef value) {
  return ("for the " + option + " option: Cannot find option named '" +
          value + "'!")
      .str();
}

Store choice(StringRef option, ArrayRef<StringLiteral> accepted,
             std::string &field) {
  return [option, accepted, &field](StringRef value) {
    if (!llvm::is_contained(accepted, value))
      return badValue(option, value);
    field = value.str();
    return std::optional<std::string>();
  };
}

Store flag(bool &field) {
  return [&field](StringRef) {
    field = true;
    return std::optional<std::string>();
  };
}

Store text(std::string &field) {
  return [&field](StringRef value) {
    field = value.str();
    return std::optional<std::string>();
  };
}

Store optionalText(std::optional<std::string> &field) {
  return [&field](StringRef value) {
    field = value.str();
    return std::optional<std::string>();
  };
}

std::optional<std::string> parseOptLevel(StringRef value, unsigned &level) {
  // Python's int(value, 10), then the range check.
  StringRef digits = value.trim();
  bool negative = digits.consume_front("-");
  if (!negative)
    digits.consume_front("+");
  unsigned long long parsed;
  if (digits.empty() || !llvm::all_of(digits, isDigit) ||
      getAsUnsignedInteger(digits, 10, parsed))
    return ("for the --opt-level option: '" + value +
            "' value invalid for uint argument!")
        .str();
  if (negative ? parsed != 0 : parsed > 3)
    return std::string("invalid optimization level");
  level = parsed;
  return std::nullopt;
}

std::optional<std::string> parsePreview(StringRef value,
                                        std::vector<std::string> &features) {
  SmallVector<StringRef> parts;
  value.split(parts, ',');
  for (StringRef feature : parts) {
    if (!llvm::is_contained(kPreviewFeatures, feature)) {
      std::string supported;
      for (StringRef known : kPreviewFeatures)
        supported += (supported.empty() ? "" : ", ") + known.str();
      return ("for the --preview option: unknown preview feature '" + feature +
              "'; supported features: " + supported)
          .str();
    }
    features.push_back(feature.str());
  }
  return std::nullopt;
}

std::vector<OptionSpec> optionSpecs(TileirasArgs &args) {
  std::vector<OptionSpec> specs = {
      {{"-o", "--output-file"}, true, text(args.outputFile)},
      {{"--gpu-name", "--arch"}, true,
       choice("--gpu-name", kGPUNames, args.gpuName)},
      {{"-O", "--opt-level"},
       true,
       [&args](StringRef value) { return parseOptLevel(value, args.optLevel); }},
      {{"--lineinfo"}, false, flag(args.lineInfo)},
      {{"-g", "--device-debug"}, false, flag(args.deviceDebug)},
      {{"--host-arch"}, true, choice("--host-arch", kHostArches, args.hostArch)},
      {{"--host-os"}, true, choice("--host-os", kHostOSes, args.hostOS)},
      {{"--sanitize"},
       true,
       [&args](StringRef value) -> std::optional<std::string> {
         if (!llvm::is_contained(kSanitizers, value))
           return badValue("--sanitize", value);
         args.sanitize = value.str();
         return std::nullopt;
       }},
      {{"--apply-controls"}, true, optionalText(args.applyControls)},
      {{"-l"},
       true,
       [&args](StringRef value) {
         args.libraries.push_back(value.str());
         return std::optional<std::string>();
       }},
      {{"--preview"},
       true,
       [&args](StringRef value) { return parsePreview(value, args.preview); }},
      {{"--list-versions"}, false, flag(args.listVersions)},
      {{"--version"}, false, flag(args.version)},
      {{"--help", "--help-hidden"},
       false,
       [&args](StringRef) {
         args.help = helpText(/*grouped=*/true);
         return std::optional<std::string>();
       }},
      {{"--help-list", "--help-list-hidden"},
       false,
       [&args](StringRef) {
         args.help = helpText(/*grouped=*/false);
         return std::optional<std::string>();
       }},
      {{"--remark-format"}, true,
       choice("--remark-format", kRemarkFormats, args.remarkFormat)},
      {{"--remarks"}, true,
       choice("--remarks", kRemarkCategories, args.remarks)},
      {{"--remarks-passed"}, true,
       choice("--remarks-passed", kRemarkCategories, args.remarksPassed)},
      {{"--remarks-missed"}, true,
       choice("--remarks-missed", kRemarkCategories, args.remarksMissed)},
      {{"--remarks-failed"}, true,
       choice("--remarks-failed", kRemarkCategories, args.remarksFailed)},
      {{"--remarks-analysis"}, true,
       choice("--remarks-analysis", kRemarkCategories, args.remarksAnalysis)},
      {{"--remarks-output-file"}, true, text(args.remarksOutputFile)},
      {{"--keep-intermediates"}, true, optionalText(args.keepIntermediates)},
      {{"--tile-form"}, true, choice("--tile-form", kTileForms, args.tileForm)},
      {{"--in-process"}, false, flag(args.inProcess)},
      {{"--cache-stats"}, false, flag(args.cacheStats)},
      {{"--cache-clear"}, false, flag(args.cacheClear)},
  };
  return specs;
}

std::string joinedNames(const OptionSpec &spec) {
  return llvm::join(spec.names, "/");
}

/// A word that argparse takes as an option rather than as a value.
bool looksLikeOption(StringRef word) {
  if (word.size() < 2 || word[0] != '-')
    return false;
  StringRef number = word.drop_front();
  return !llvm::all_of(number, [](char c) { return isDigit(c) || c == '.'; });
}

} // namespace

bool TileirasArgs::remarksRequested() const {
  return llvm::any_of(std::initializer_list<StringRef>{remarks, remarksPassed,
                                                       remarksMissed,
                                                       remarksFailed,
                                                       remarksAnalysis},
                      [](StringRef category) { return category != "none"; });
}

ParseResult tilechain::driver::parseCommandLine(ArrayRef<StringRef> argv,
                                                TileirasArgs &args,
                                                std::string &message) {
  std::vector<OptionSpec> specs = optionSpecs(args);
  auto find = [&](StringRef name) -> const OptionSpec * {
    for (const OptionSpec &spec : specs)
      if (llvm::is_contained(spec.names, name))
        return &spec;
    return nullptr;
  };
  auto usage = [&](const Twine &text) {
    message = text.str();
    return ParseResult::UsageError;
  };

  std::vector<StringRef> unrecognized;
  bool optionsEnded = false;
  for (size_t i = 0; i < argv.size(); ++i) {
    StringRef word = argv[i];
    if (optionsEnded || !looksLikeOption(word)) {
      if (!args.input)
        args.input = word.str();
      else
        unrecognized.push_back(word);
      continue;
    }
    if (word == "--") {
      optionsEnded = true;
      continue;
    }
    // --name=value, --name value, -Xvalue, -X value.
    const OptionSpec *spec = nullptr;
    std::optional<StringRef> attached;
    if (word.starts_with("--")) {
      auto [name, value] = word.split('=');
      spec = find(name);
      if (word.contains('='))
        attached = value;
    } else {
      spec = find(word.take_front(2));
      if (word.size() > 2)
        attached = word.drop_front(2);
    }
    if (!spec) {
      unrecognized.push_back(word);
      continue;
    }
    StringRef value;
    if (!spec->takesValue) {
      if (attached)
        return usage("argument " + joinedNames(*spec) +
                     ": ignored explicit argument '" + *attached + "'");
    } else if (attached) {
      value = *attached;
    } else if (i + 1 < argv.size() && !looksLikeOption(argv[i + 1])) {
      value = argv[++i];
    } else {
      return usage("argument " + joinedNames(*spec) +
                   ": expected one argument");
    }
    if (std::optional<std::string> error = spec->store(value))
      return usage(*error);
  }
  if (!unrecognized.empty())
    return usage("unrecognized arguments: " + llvm::join(unrecognized, " "));
  if (args.version || args.help || args.listVersions || args.cacheStats ||
      args.cacheClear)
    return ParseResult::Ok;
  if (args.inProcess && args.keepIntermediates)
    return usage("--in-process writes no intermediate files: it cannot be "
                 "used with --keep-intermediates");
  if (!args.input)
    return usage("Not enough positional command line arguments specified!");
  if (args.deviceDebug && args.optLevel != 0)
    return usage("optimized debugging is not supported, change optimization "
                 "level to 0 or disable full debug info");

  auto refuse = [&](const Twine &text) {
    message = text.str();
    return ParseResult::MissingFeature;
  };
  if (args.applyControls)
    // NVIDIA's tileiras on Linux says the same (and exits 2).
    return refuse("error: --apply-controls is not supported on this platform");
  if (!args.libraries.empty() && !llvm::is_contained(args.preview, "simt"))
    return refuse("error: libraries require the 'simt' preview feature");
  if (!args.preview.empty())
    return refuse("error: tilechain does not implement the '" +
                  args.preview.front() +
                  "' preview feature (cuTile's foreign calls and -l tile "
                  "libraries); see docs/simt-preview.md");
  return ParseResult::Ok;
}
