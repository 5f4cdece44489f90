// The operator key moved to the platform (the plans' operator commands use it too).
export { createOperatorKey, OPERATOR_HEADER, type OperatorKey } from "../../platform/lib/operator.ts";
