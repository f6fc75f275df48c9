export * from "./ports.js";
export * from "./lock-state-reader.js";
