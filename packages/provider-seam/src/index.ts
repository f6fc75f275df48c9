export { createSeamLockProvider, type SeamLockProviderOptions } from "./seam-lock-provider.js";
export { lockStateFromSeamDevice } from "./seam-device-state.js";
