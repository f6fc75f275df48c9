// The memory adapter opts into every contract suite of @lintel/core.
import {
  describeApiKeyStoreContract, describeFixtureSinkContract, describeHealthContract, describeLockDirectoryContract,
  describeRequestBudgetContract, describeTemplateStoreContract, describeUnitStoreContract,
} from "@lintel/core/contracts";
import { createMemoryStore } from "./index.js";

const makeStore = async () => createMemoryStore();

describeApiKeyStoreContract("memory", makeStore);
describeRequestBudgetContract("memory", makeStore);
describeUnitStoreContract("memory", makeStore);
describeLockDirectoryContract("memory", makeStore);
describeTemplateStoreContract("memory", makeStore);
describeFixtureSinkContract("memory", makeStore);
describeHealthContract("memory", makeStore);
