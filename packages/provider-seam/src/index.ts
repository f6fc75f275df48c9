export { createSeamLockProvider, type SeamLockProviderOptions } from "./seam-lock-provider.js";
export { createSeamLockCodeProgrammer, type SeamLockCodeProgrammerOptions } from "./seam-lock-code-programmer.js";
export { lockStateFromSeamDevice } from "./seam-device-state.js";
