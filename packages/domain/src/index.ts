export * from "./records.js";
export * from "./budget.js";
export * from "./paging.js";
export * from "./problems.js";
export * from "./keys.js";
export * from "./cursor.js";
