// node:util/types: util.types.
import { types } from "node:util";
export const {
  isDate, isRegExp, isMap, isSet, isWeakMap, isWeakSet, isPromise, isNativeError, isArrayBuffer, isAnyArrayBuffer, isDataView,
  isTypedArray, isUint8Array, isArrayBufferView, isAsyncFunction, isGeneratorFunction, isGeneratorObject, isBoxedPrimitive,
  isSymbolObject,
} = types;
export default types;
