#!/usr/bin/env bash
# Fails when a file of the repository names a path of the machine it was written on: source
# documents are cited by file name, and paths are relative to the repository.
set -euo pipefail
exec "$(dirname "$0")/forbidden_text.sh" "$1" -E \
  '(^|[^A-Za-z0-9_.])/(work|farm|home|root|Users|tmp/bash_jobs)/' \
  "machine paths found above: cite documents by file name, use repository-relative paths"
