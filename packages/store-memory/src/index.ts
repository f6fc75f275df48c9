export * from "./simulated-lock-provider.js";
