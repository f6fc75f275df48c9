#!/usr/bin/env node
// The `lintel` command of this package's `bin`: it runs the compiled command, dist/cli/lintel.js.
// It is a file of its own, outside dist/, so that the command exists before the package is
// built: a workspace links the bins of its packages when it installs, before any build.
await import("../dist/cli/lintel.js");
