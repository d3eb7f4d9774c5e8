//===- Remarks.cpp - tileiras's --remarks options over the stages' remarks ===//
//
// tile-lower, tile-sched and tile-compile take MLIR's remark options: a regular
// expression of categories per kind of remark, and a YAML file to write
// them to (LLVM's remark format, which is also tileiras's --remark-format
// yaml). The driver turns tileiras's options into those, and after the
// compile delivers the file: copied where --remarks-output-file says, or
// printed in tileiras's command-line layout.
//
//===----------------------------------------------------------------------===//
#include "tilechain/Driver/Driver.h"
#include "tilechain/Tools/OutputFile.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"
#include "llvm/Support/raw_ostream.h"

#include <map>

using namespace llvm;
using namespace tilechain;
using namespace tilechain::driver;

/// The categories a --remarks value selects, as a regular expression over
/// the remarks' category names (TileRemarks.h); empty for none.
static std::string categoryFilter(StringRef value) {
  if (value == "all")
    return ".*";
  if (value == "memory")
    return "Memory";
  if (value == "tensorcore")
    return "Tensor-core";
  return "";
}

std::vector<std::string>
tilechain::driver::remarkStageOptions(const TileirasArgs &args,
                                      StringRef file) {
  if (!args.remarksRequested())
    return {};
  // A kind's own option where it selects something, else --remarks.
  auto filter = [&](StringRef kind, StringRef own) {
    std::string categories = categoryFilter(own);
    if (categories.empty())
      categories = categoryFilter(args.remarks);
    return categories.empty()
               ? std::string()
               : ("--remarks-filter-" + kind + "=" + categories).str();
  };
  std::vector<std::string> options;
  for (std::string option :
       {filter("passed", args.remarksPassed),
        filter("missed", args.remarksMissed),
        filter("failed", args.remarksFailed),
        filter("analyse", args.remarksAnalysis)})
    if (!option.empty())
      options.push_back(std::move(option));
  options.push_back("--remark-format=yaml");
  options.push_back(("--remarks-output-file=" + file).str());
  return options;
}

namespace {

/// One remark of the YAML file, as the command-line layout shows it.
struct RemarkRecord {
  std::string kind; // tileiras's word: passed, missed, failed, analysis
  std::string category, name, function, file;
  unsigned line = 0, column = 0;
  std::vector<std::pair<std::string, std::string>> args;
};

/// The value of scalar `node`, its quoting undone; empty for other nodes.
std::string scalar(yaml::Node *node) {
  SmallString<64> storage;
  if (auto *value = dyn_cast_or_null<yaml::ScalarNode>(node))
    return value->getValue(storage).str();
  return "";
}

/// The remark of one YAML document (LLVM's remark format: a mapping tagged
/// !Passed, !Missed, !Failure or !Analysis).
RemarkRecord readRemark(yaml::MappingNode &mapping) {
  RemarkRecord remark;
  StringRef tag = mapping.getRawTag();
  remark.kind = tag == "!Passed"    ? "passed"
                : tag == "!Missed"  ? "missed"
                : tag == "!Failure" ? "failed"
                                    : "analysis";
  for (yaml::KeyValueNode &entry : mapping) {
    std::string key = scalar(entry.getKey());
    yaml::Node *value = entry.getValue();
    if (key == "Pass") {
      remark.category = scalar(value);
    } else if (key == "Name") {
      remark.name = scalar(value);
    } else if (key == "Function") {
      remark.function = scalar(value);
    } else if (key == "DebugLoc") {
      if (auto *position = dyn_cast_or_null<yaml::MappingNode>(value))
        for (yaml::KeyValueNode &field : *position) {
          std::string name = scalar(field.getKey());
          std::string text = scalar(field.getValue());
          if (name == "File")
            remark.file = text;
          else if (name == "Line")
            StringRef(text).getAsInteger(10, remark.line);
          else if (name == "Column")
            StringRef(text).getAsInteger(10, remark.column);
        }
    } else if (key == "Args") {
      if (auto *args = dyn_cast_or_null<yaml::SequenceNode>(value))
        for (yaml::Node &arg : *args)
          if (auto *pair = dyn_cast<yaml::MappingNode>(&arg))
            for (yaml::KeyValueNode &field : *pair)
              remark.args.emplace_back(scalar(field.getKey()),
                                       scalar(field.getValue()));
    }
  }
  return remark;
}

/// Prints `all` as tileiras does on the command line: by kernel, then by
/// category (in alphabetical order), each remark with its source position,
/// its name, its notes and its reasons.
void printRemarks(ArrayRef<RemarkRecord> all, raw_ostream &os) {
  MapVector<StringRef, std::map<StringRef, std::vector<const RemarkRecord *>>>
      byFunction;
  for (const RemarkRecord &remark : all)
    byFunction[remark.function][remark.category].push_back(&remark);
  for (const auto &[function, byCategory] : byFunction) {
    os << "in function: " << function << ":\n\n";
    bool firstCategory = true;
    for (const auto &[category, inCategory] : byCategory) {
      if (!firstCategory)
        os << "\n";
      firstCategory = false;
      os << "  category: " << category << "\n";
      for (const RemarkRecord *remark : inCategory) {
        StringRef message;
        for (const auto &[key, value] : remark->args)
          if (key == "Remark")
            message = value;
        os << "    remark[" << remark->kind << "]: " << message << "\n";
        // MLIR writes a remark without a source position at this one.
        if (!remark->file.empty() && remark->file != "<unknown file>")
          os << "      --> \"" << remark->file << "\":" << remark->line << ":"
             << remark->column << "\n";
        os << "       |\n"
           << "       = name: " << remark->name << "\n";
        for (const auto &[key, value] : remark->args) {
          if (key == "Remark")
            continue;
          if (key == "Reason")
            os << "       = reason: " << value << "\n";
          else
            os << "       = note: " << key << " = " << value << "\n";
        }
        os << "\n";
      }
    }
  }
}

} // namespace

bool tilechain::driver::deliverRemarks(const TileirasArgs &args,
                                       ArrayRef<std::string> files) {
  if (!args.remarksRequested())
    return true;
  // A YAML stream of remark documents per file: together, one stream.
  std::string text;
  for (const std::string &file : files) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> part = MemoryBuffer::getFile(file);
    if (!part) {
      reportError("cannot read the remarks '" + file +
                  "': " + part.getError().message());
      return false;
    }
    text += (*part)->getBuffer();
  }
  if (args.remarkFormat == "yaml") {
    if (std::error_code ec =
            writeOutputFile(args.remarksOutputFile, text)) {
      reportError("cannot write '" + args.remarksOutputFile +
                  "': " + ec.message());
      return false;
    }
    return true;
  }
  if (StringRef(text).trim().empty())
    return true;
  std::vector<RemarkRecord> all;
  SourceMgr sources;
  bool malformed = false;
  sources.setDiagHandler(
      [](const SMDiagnostic &, void *context) {
        *static_cast<bool *>(context) = true;
      },
      &malformed);
  yaml::Stream stream(text, sources);
  for (yaml::Document &document : stream) {
    auto *mapping = dyn_cast_or_null<yaml::MappingNode>(document.getRoot());
    if (!mapping) {
      malformed = true;
      break;
    }
    all.push_back(readRemark(*mapping));
  }
  if (malformed) {
    reportError("cannot read the remarks '" + join(files, "', '") +
                "': not remark YAML");
    return false;
  }
  // A cubin on standard output keeps it to itself.
  printRemarks(all, args.outputFile == "-" ? errs() : outs());
  return true;
}
