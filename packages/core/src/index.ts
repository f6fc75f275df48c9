export * from "./ports.js";
export * from "./lintel.js";
export * from "./fixture.js";
