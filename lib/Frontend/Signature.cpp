//===- Signature.cpp - Triton AOT launch signatures -------------*- C++ -*-===//
//
// See Signature.h. Bad entries are reported with the entry's text and
// position so that a user can find the typo in a long signature.
//
//===----------------------------------------------------------------------===//

#include "Frontend/Signature.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <cerrno>
#include <cstdlib>

using namespace tilec::frontend;

/// Splits `text` at the commas outside brackets and quotes.
static llvm::SmallVector<llvm::StringRef> splitTopLevel(llvm::StringRef text) {
  llvm::SmallVector<llvm::StringRef> parts;
  int depth = 0;
  char quote = 0;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (quote) {
      if (c == quote)
        quote = 0;
      continue;
    }
    if (c == '\'' || c == '"')
      quote = c;
    else if (c == '(' || c == '[' || c == '<')
      ++depth;
    else if ((c == ')' || c == ']' || c == '>') && depth > 0)
      --depth;
    else if (c == ',' && depth == 0) {
      parts.push_back(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push_back(text.substr(start));
  return parts;
}

bool tilec::frontend::parseConstexprValue(llvm::StringRef text,
                                          TValue &value) {
  text = text.trim();
  // Triton's constexprs may also be None, a str and a tuple of constexprs.
  if (text == "None") {
    value = TValue::none();
    return true;
  }
  if (text.size() >= 2 && (text.front() == '\'' || text.front() == '"') &&
      text.back() == text.front() &&
      !text.drop_front().drop_back().contains(text.front())) {
    value = TValue::string(text.drop_front().drop_back().str());
    return true;
  }
  if (text.size() >= 2 && text.front() == '(' && text.back() == ')') {
    llvm::StringRef inner = text.drop_front().drop_back().trim();
    std::vector<TValue> elts;
    if (!inner.empty()) {
      llvm::SmallVector<llvm::StringRef> parts = splitTopLevel(inner);
      // `(1,)`: the trailing comma leaves an empty last part.
      if (parts.size() > 1 && parts.back().trim().empty())
        parts.pop_back();
      else if (parts.size() == 1)
        return false; // `(1)` is not a tuple
      for (llvm::StringRef part : parts) {
        TValue elt;
        if (!parseConstexprValue(part, elt))
          return false;
        elts.push_back(elt);
      }
    }
    value = TValue::tuple(std::move(elts));
    return true;
  }
  if (text == "True" || text == "true") {
    value = TValue::boolean(true);
    return true;
  }
  if (text == "False" || text == "false") {
    value = TValue::boolean(false);
    return true;
  }
  if (text == "None") {
    value = TValue::none();
    return true;
  }
  llvm::StringRef dt = text;
  if (!dt.consume_front("tl."))
    dt.consume_front("triton.language.");
  if (auto d = parseDTypeName(dt)) {
    value = TValue::dtypeObj(ElemType::scalar(*d));
    return true;
  }
  int64_t i;
  if (!text.getAsInteger(0, i)) {
    value = TValue::integer(i);
    return true;
  }
  uint64_t u;
  if (!text.getAsInteger(0, u)) {
    value = TValue::integer(static_cast<int64_t>(u), /*unsignedOnly=*/true);
    return true;
  }
  std::string s = text.str();
  if (s.empty())
    return false;
  // Digits only that did not parse as a 64-bit integer: too large.
  if (llvm::all_of(text.drop_front(text.starts_with("-") ? 1 : 0),
                   [](char c) { return llvm::isDigit(c); }))
    return false;
  char *end = nullptr;
  errno = 0;
  double d = std::strtod(s.c_str(), &end);
  if (end && *end == '\0' && errno == 0) {
    value = TValue::floating(d);
    return true;
  }
  return false;
}

/// Splits a signature at the commas outside brackets: a tensor descriptor's
/// block shape (`tensordesc<fp16[128, 64]>`) has commas of its own.
static llvm::SmallVector<llvm::StringRef> splitEntries(llvm::StringRef sig) {
  // Tuple constexprs (`(1, 2)`) and quoted strings hold commas too.
  return splitTopLevel(sig);
}

/// Parses the inside of `tensordesc<...>`: a dtype and a bracketed shape.
static bool parseTensorDesc(llvm::StringRef body, SignatureEntry &e,
                            std::string &why) {
  size_t open = body.find('[');
  if (open == llvm::StringRef::npos || !body.ends_with("]")) {
    why = "expected tensordesc<DTYPE[D0, D1]>, e.g. tensordesc<fp16[128, 64]>";
    return false;
  }
  llvm::StringRef dt = body.substr(0, open).trim();
  std::optional<DType> d = parseDTypeName(dt);
  if (!d || *d == DType::I1) {
    why = ("unknown tensor descriptor element type '" + dt + "'").str();
    return false;
  }
  llvm::SmallVector<llvm::StringRef> dims;
  body.slice(open + 1, body.size() - 1).split(dims, ',');
  for (llvm::StringRef dim : dims) {
    int64_t v;
    if (dim.trim().getAsInteger(10, v) || v <= 0) {
      why = ("tensor descriptor block dimension '" + dim.trim() +
             "' is not a positive integer")
                .str();
      return false;
    }
    e.blockShape.push_back(v);
  }
  e.kind = SignatureEntry::Kind::TensorDesc;
  e.type = ElemType::scalar(*d);
  return true;
}

/// Parses one entry (`part`, trimmed); on failure returns false with `why`.
static bool parseEntry(llvm::StringRef part, SignatureEntry &e,
                       std::string &why) {
  e.text = part.str();
  if (part.empty()) {
    why = "empty entry";
    return false;
  }
  if (llvm::StringRef inner = part; inner.consume_front("tensordesc<")) {
    if (!inner.consume_back(">")) {
      why = "expected tensordesc<DTYPE[D0, D1]>";
      return false;
    }
    return parseTensorDesc(inner.trim(), e, why);
  }
  if (part.front() == '(' && part.back() == ')') {
    // Each element is an entry of its own (a bare `i32` is a type, as at
    // the top level). A tuple of values only is a constexpr tuple (the form
    // -D takes too); one holding a type is a tuple argument whose leaves
    // the kernel takes.
    llvm::StringRef inner = part.drop_front().drop_back().trim();
    llvm::SmallVector<llvm::StringRef> parts;
    if (!inner.empty())
      parts = splitTopLevel(inner);
    if (parts.size() > 1 && parts.back().trim().empty())
      parts.pop_back();
    else if (parts.size() == 1) {
      why = "a tuple of one element is written with a trailing comma, as "
            "'(i32,)'";
      return false;
    }
    bool allValues = true;
    for (llvm::StringRef elt : parts) {
      SignatureEntry sub;
      if (!parseEntry(elt.trim(), sub, why)) {
        why = ("in tuple element '" + elt.trim() + "': " + why).str();
        return false;
      }
      allValues &= sub.kind == SignatureEntry::Kind::Value;
      e.elements.push_back(std::move(sub));
    }
    if (!allValues) {
      e.kind = SignatureEntry::Kind::Tuple;
      return true;
    }
    std::vector<TValue> values;
    for (const SignatureEntry &sub : e.elements)
      values.push_back(sub.value);
    e.elements.clear();
    e.kind = SignatureEntry::Kind::Value;
    e.value = TValue::tuple(std::move(values));
    return true;
  }
  llvm::StringRef body = part, spec;
  bool isPtr = body.consume_front("*");
  if (size_t colon = body.find(':'); colon != llvm::StringRef::npos) {
    spec = body.substr(colon + 1).trim();
    body = body.substr(0, colon).trim();
    if (spec.empty()) {
      why = "nothing after ':' (expected 16 or 1)";
      return false;
    }
  }
  if (auto dt = parseDTypeName(body)) {
    e.kind = SignatureEntry::Kind::Type;
    e.type = isPtr ? ElemType::pointer(*dt) : ElemType::scalar(*dt);
    if (spec.empty())
      return true;
    unsigned n;
    if (spec.getAsInteger(10, n) || (n != 1 && n != 16))
      why = "the specialization after ':' must be 16 (divisible by 16) or 1 "
            "(equal to 1)";
    else if (n == 16)
      e.divisibility = 16;
    else if (isPtr)
      why = "a pointer cannot be specialized to the value 1";
    else if (isFloat(*dt))
      why = "a float cannot be specialized to the value 1";
    else
      e.equalToOne = true;
    return why.empty();
  }
  // Triton's AMD fp8 formats: Triton 3.6 refuses them on NVIDIA targets
  // when it lowers the type, in words code written for Triton matches.
  if (body == "fp8e4b8" || body == "fp8e5b16") {
    why = ("type " + body +
           " is not supported in this architecture: it is an AMD fp8 format "
           "(NVIDIA targets take fp8e4nv, fp8e5 and fp8e4b15, as in Triton "
           "3.6)")
              .str();
    return false;
  }
  if (isPtr) {
    why = ("unknown element type '" + body +
           "' (expected fp16, bf16, fp32, fp64, i1, i8, i16, i32, i64, u8, "
           "u16, u32, u64, fp8e4nv, fp8e5 or fp8e4b15)")
              .str();
    return false;
  }
  if (!spec.empty()) {
    why = "a constexpr value takes no ':' specialization";
    return false;
  }
  TValue v;
  // A bare `fp32` is a type; a dtype value is spelled `tl.float32`.
  if (!parseConstexprValue(body, v) ||
      (v.getKind() == TValue::Kind::DTypeObj && !body.starts_with("tl.") &&
       !body.starts_with("triton.language."))) {
    why = "expected a type such as '*fp16', 'i32' or 'i32:16', or a "
          "constexpr value such as 1024";
    return false;
  }
  e.kind = SignatureEntry::Kind::Value;
  e.value = v;
  return true;
}

bool tilec::frontend::parseSignature(llvm::StringRef sig,
                                     std::vector<SignatureEntry> &entries,
                                     std::string &error) {
  entries.clear();
  if (sig.trim().empty())
    return true;
  llvm::SmallVector<llvm::StringRef> parts = splitEntries(sig);
  for (auto [idx, rawPart] : llvm::enumerate(parts)) {
    llvm::StringRef part = rawPart.trim();
    SignatureEntry e;
    std::string why;
    if (!parseEntry(part, e, why)) {
      // A well-formed entry of a type the target lacks is not "malformed".
      bool wellFormed =
          llvm::StringRef(why).contains("not supported in this architecture");
      error = ((wellFormed ? "signature entry " : "malformed signature entry ") +
               llvm::Twine(idx + 1) + " '" + part + "': " + why)
                  .str();
      return false;
    }
    entries.push_back(std::move(e));
  }
  return true;
}
