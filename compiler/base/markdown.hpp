// Text from a spec shown in Markdown (CommonMark with GitHub's extensions) as written: every
// Markdown output (change lists of diff and publish, the language server's hover) escapes it
// here, so that no text can start markup, a link, an image, a block or a line of its own.
#pragma once

#include <string>
#include <string_view>

namespace qrsc {

// Inline text: each character that could start emphasis, code, a link or image, inline HTML,
// an entity or strikethrough (\ ` * _ [ ] < & ~ |) preceded by a backslash (a '>' only
// where it would open a quote: "->" stays as written); each line break a
// space (a break would start a new block: a title holding "\n1. ..." forged a list entry); and
// at its start, where the text may open a block after a list marker, whatever would start one
// (a heading, quote, list item or fence) escaped too.
std::string markdown_escape(std::string_view text);

// A code span showing `text` as written: fenced by more backticks than any run inside it,
// line breaks as spaces.
std::string markdown_code(std::string_view text);

}  // namespace qrsc
