#!/usr/bin/env bash
# Sets up the Node.js release named in .nvmrc (or the one given as the first argument), the way a
# CI's setup-node step would, from the npm registry only (the official `node-<os>-<arch>` packages
# carry the release's binary and headers), and prints the directory to put first on PATH:
#
#   export PATH="$(bash scripts/setup-node.sh):$PATH"
#   bash scripts/setup-node.sh 22.23.3     # another release, e.g. for the client's Node 22 test
#
# When the node already on PATH is that release, it prints that node's directory and installs
# nothing. Otherwise the release is unpacked once into NODE_CACHE_DIR (default
# ~/.cache/partner-catalog-access/node) and reused. Progress goes to stderr; stdout is the path.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
version=$(printf '%s' "${1:-$(cat "$root/.nvmrc")}" | tr -d ' \t\r\nv')
[[ "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]] || { echo "setup-node: name an exact release, like 24.21.0 (got '$version')" >&2; exit 1; }

if command -v node >/dev/null 2>&1 && [ "$(node --version)" = "v$version" ]; then
  dirname "$(command -v node)"
  exit 0
fi

case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "setup-node: unsupported OS $(uname -s)" >&2; exit 1 ;; esac
case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) echo "setup-node: unsupported CPU $(uname -m)" >&2; exit 1 ;; esac

cache="${NODE_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/partner-catalog-access/node}"
home="$cache/v$version-$os-$arch"
if [ ! -x "$home/bin/node" ] || [ "$("$home/bin/node" --version 2>/dev/null)" != "v$version" ]; then
  command -v npm >/dev/null 2>&1 || { echo "setup-node: npm is needed to fetch Node.js $version from the registry" >&2; exit 1; }
  echo "setup-node: installing Node.js $version ($os-$arch) from the npm registry into $home" >&2
  work=$(mktemp -d "${TMPDIR:-/tmp}/setup-node.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  tarball=$(cd "$work" && npm pack --silent "node-$os-$arch@$version" 2>/dev/null | tail -n 1)
  [ -f "$work/$tarball" ] || { echo "setup-node: could not fetch node-$os-$arch@$version from the registry" >&2; exit 1; }
  mkdir -p "$work/unpacked"
  tar -xzf "$work/$tarball" -C "$work/unpacked"
  "$work/unpacked/package/bin/node" --version >/dev/null
  rm -rf "$home"
  mkdir -p "$cache"
  mv "$work/unpacked/package" "$home"
fi
echo "$home/bin"
