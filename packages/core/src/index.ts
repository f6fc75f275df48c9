export * from "./ports.js";
