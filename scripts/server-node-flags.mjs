// The Node flags the server runs with, written once: `npm start` and `npm run codka` (scripts/start.mjs), the
// benchmarks (bench/lib.mjs, through scripts/start.mjs) and the release executable (scripts/release/build.mjs)
// all take them from here. Why each one: docs/scaling.md.
export const SERVER_NODE_FLAGS = [
  // A smaller young generation: less memory at rest and under load, no measurable cost in throughput.
  '--max-semi-space-size=8',
];
