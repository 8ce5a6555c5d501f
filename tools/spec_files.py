"""The spec files of a rules tree, as qrsc takes them (spec_files_under, is_package_file in
compiler/frontend/spec_search_path.hpp): every .yaml file under it except a package's files,
the sheet layouts (SPEC.layout.yaml beside a spec, SYSTEM.layout.yaml in a system's folder:
docs/sheets.md, "Layout files") and a system's procedures (SYSTEM.package.yaml:
docs/game-code.md), which qrsc reads for the sheets they serve and refuses as specs. The
scripts that compile every spec of rules/ list them here, so that rule is written once in
Python."""
import glob
import os

PACKAGE_SUFFIXES = (".layout.yaml", ".package.yaml")


def is_package_file(path):
    return str(path).endswith(PACKAGE_SUFFIXES)


def spec_files(folder):
    """Every spec file under `folder` (its subfolders too), sorted."""
    found = glob.glob(os.path.join(str(folder), "**", "*.yaml"), recursive=True)
    return sorted(p for p in found if not is_package_file(p))
