#!/usr/bin/env bash
# docs/editors.md's Neovim setup, run as it is written there (the lua block under "## Neovim",
# with the qrsc it names replaced by this build's), in Neovim headless against `qrsc lsp`: an
# edit's diagnostic at its line, a hover, a definition and a column's rename, as a publisher meets them. Debian
# bookworm's Neovim is 0.7.2 (apt package neovim, tools/bootstrap.sh); the setup works on current
# ones too. Exit 77 (skipped) where nvim is not installed.
# Usage: neovim_test.sh QRSC ROOT
set -uo pipefail
qrsc=$1 root=$2
command -v nvim >/dev/null || { echo "nvim is not installed (Debian package neovim): skipped"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# The setup as docs/editors.md gives it: the first lua block after the Neovim heading.
awk '/^## Neovim/ { on = 1 } on && /^```lua$/ { grab = 1; next } grab && /^```$/ { exit } grab { print }' \
  "$root/docs/editors.md" >"$tmp/setup.lua"
grep -q 'vim.lsp.start_client' "$tmp/setup.lua" || { echo "FAIL: no Neovim setup found in docs/editors.md"; exit 1; }
placeholder='/path/to/qrs/build/qrsc'
grep -qF "\"$placeholder\"" "$tmp/setup.lua" || { echo "FAIL: the setup does not name $placeholder"; exit 1; }
sed "s|\"$placeholder\"|\"$qrsc\"|" "$tmp/setup.lua" >"$tmp/init.lua"
# yaml-language-server is left out (the setup starts it only where installed): qrsc alone.
cat >"$tmp/check.lua" <<'LUA'
-- Runs once the spec is open: waits for qrsc's client, edits a key, and asks for a hover and a
-- definition; prints "ok NAME" or "FAIL NAME: why" per check and quits with their count.
local failures = 0
local function check(name, ok, why)
  if ok then print("ok " .. name) else failures = failures + 1; print("FAIL " .. name .. ": " .. tostring(why)) end
end
local buf = vim.api.nvim_get_current_buf()
local function qrsc_client()
  local clients = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = buf }) or vim.lsp.buf_get_clients(buf)
  for _, c in pairs(clients) do
    if c.name == "qrsc" then return c end
  end
end
check("attached", vim.wait(20000, function() return qrsc_client() ~= nil and qrsc_client().initialized end, 50),
      "no qrsc client attached to the spec")
local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
local function line_of(prefix)
  for i, l in ipairs(lines) do
    if l:sub(1, #prefix) == prefix then return i - 1 end
  end
  error("no line starts with " .. prefix)
end
-- An edit: "title" misspelled is an unknown key at its line (as qrsc check reports it).
local title = line_of("title: ")
vim.api.nvim_buf_set_lines(buf, title, title + 1, false, { "titel: Regimental Fire and Fury" })
local found
vim.wait(20000, function()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.lnum == title and d.message:find("unknown key 'titel'", 1, true) then found = d end
  end
  return found ~= nil
end, 50)
check("diagnostic", found ~= nil and found.severity == vim.diagnostic.severity.ERROR, vim.inspect(vim.diagnostic.get(buf)))
vim.api.nvim_buf_set_lines(buf, title, title + 1, false, { lines[title + 1] })
vim.wait(20000, function() return #vim.tbl_filter(function(d) return d.lnum == title end, vim.diagnostic.get(buf)) == 0 end, 50)
local function request(method, line, character)
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = character } }
  local replies = vim.lsp.buf_request_sync(buf, method, params, 20000) or {}
  for _, r in pairs(replies) do
    if r.result then return r.result end
  end
end
-- Hover on the 25mm sheet's own infantry line rate: 001 lines 74-93, "Line 16 / 22".
local row = line_of("      - { id: infantry_line,")
local hover = request("textDocument/hover", row, lines[row + 1]:find("16 / 22", 1, true))
local text = hover and hover.contents and (hover.contents.value or hover.contents) or ""
check("hover", type(text) == "string" and text:find("1812-2.1-25mm (this spec): `16 / 22`", 1, true), vim.inspect(hover))
-- Definition of `extends:` is the parent spec's file.
local def = request("textDocument/definition", line_of("extends: "), 12)
local target = def and (def.uri or (def[1] and def[1].uri)) or ""
check("definition", target:find("/rules/rff/1812%-2%.1%-15mm%.yaml$") ~= nil, vim.inspect(def))
-- Rename of a column id that is no vocabulary term (the movement rates' `open`, a key of this
-- row's cells): in this spec every row's `open:` cell and each assertion's `column: open` (and
-- no "Open Order" name), and the column's entry in the ACW sheet that states it (its line 287).
local params = { textDocument = { uri = vim.uri_from_bufnr(buf) },
                 position = { line = row, character = lines[row + 1]:find("open:", 1, true) }, newName = "open_ground" }
local edit
for _, r in pairs(vim.lsp.buf_request_sync(buf, "textDocument/rename", params, 20000) or {}) do
  if r.result then edit = r.result end
end
local changes = edit and edit.changes or {}
local here, acw = {}, {}
for uri, list in pairs(changes) do
  for _, e in ipairs(list) do
    if uri == vim.uri_from_bufnr(buf) then here[#here + 1] = e.range.start.line end
    if uri:find("/rules/rff/acw%-2%.1%-15mm%.yaml$") then acw[#acw + 1] = e.range.start.line end
  end
end
local expected = {}
for i, l in ipairs(lines) do
  if l:find("cells: { open: ", 1, true) or l:find("column: open, ", 1, true) then expected[#expected + 1] = i - 1 end
end
table.sort(here)
check("rename column", #expected >= 20 and vim.deep_equal(here, expected) and vim.tbl_contains(acw, 286),
      vim.inspect(here) .. " " .. vim.inspect(expected) .. " " .. vim.inspect(acw))
print("neovim: " .. failures .. " failed")
vim.cmd(failures == 0 and "qall!" or "cquit " .. failures)
LUA
cd "$root"
out=$(timeout 120 nvim --headless -u "$tmp/init.lua" rules/rff/1812-2.1-25mm.yaml -c "luafile $tmp/check.lua" 2>&1)
status=$?
echo "$out"
echo "$(nvim --version | head -1): exit status $status"
[ "$status" -eq 0 ] && [[ "$out" == *"neovim: 0 failed"* ]]
