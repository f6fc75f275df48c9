export * from "./ports.js";
export * from "./lock-state-reader.js";
export * from "./lintel.js";
export * from "./fixture.js";
