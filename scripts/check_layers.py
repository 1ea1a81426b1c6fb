#!/usr/bin/env python3
"""Fails when a file of src/ includes a folder its layer may not include.

src/layers.txt lists the folders bottom first, each with the folders it may include. This script
checks that the list is ordered (every folder a line names is listed above it, so the layers form
no cycle), that every folder of src/ is listed, and that the folder-level include graph is exactly
the declared one: an include of a folder that is not declared fails (an upward include, or a new
cycle), and so does a declared folder that nothing includes (src/CMakeLists.txt links one library
per folder to the declared ones, so a stale entry would be a link the code does not need).

Usage: check_layers.py SRC_DIR [STAMP_FILE]   (the stamp is touched on success, for the build)
"""

import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"/]+)/')
SOURCE_SUFFIXES = {".c", ".h", ".cpp", ".hpp"}


def read_layers(path):
    layers = {}
    errors = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        folder, colon, rest = line.partition(":")
        folder = folder.strip()
        if not colon or not folder:
            errors.append(f"{path}:{number}: expected 'folder: folders it may include'")
            continue
        if folder in layers:
            errors.append(f"{path}:{number}: {folder} is listed twice")
        for below in rest.split():
            if below not in layers:
                errors.append(
                    f"{path}:{number}: {folder} may include {below}, which is not listed above it"
                )
        layers[folder] = set(rest.split())
    return layers, errors


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    src = pathlib.Path(sys.argv[1])
    layers, errors = read_layers(src / "layers.txt")

    folders = sorted(p.name for p in src.iterdir() if p.is_dir())
    for folder in folders:
        if folder not in layers:
            errors.append(f"src/{folder}/ is not listed in src/layers.txt")

    used = {folder: set() for folder in layers}
    for path in sorted(src.rglob("*")):
        relative = path.relative_to(src)
        if path.suffix not in SOURCE_SUFFIXES or len(relative.parts) < 2:
            continue  # src/main.cpp is the top of every layer
        folder = relative.parts[0]
        allowed = layers.get(folder, set())
        for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
            match = INCLUDE.match(line)
            if not match or match.group(1) == folder or match.group(1) not in layers:
                continue
            target = match.group(1)
            used.setdefault(folder, set()).add(target)
            if target not in allowed:
                errors.append(
                    f"src/{relative}:{number}: {folder}/ may not include {target}/ "
                    f"(src/layers.txt: {folder}: {' '.join(sorted(allowed))})"
                )

    for folder, allowed in layers.items():
        for unused in sorted(allowed - used.get(folder, set())):
            errors.append(
                f"src/layers.txt: {folder} may include {unused}, but no file of src/{folder}/ does: "
                f"remove it"
            )

    if errors:
        print("\n".join(errors), file=sys.stderr)
        sys.exit(1)
    if len(sys.argv) == 3:
        pathlib.Path(sys.argv[2]).touch()


if __name__ == "__main__":
    main()
