/**
 * The gate's shapes as the web app reads them (issue 22: check-in lists, a list's offline pack, scans and the
 * door's look-up): the domain's, which the server validates and serialises with. Parsed, never cast: a field the
 * door role must not see is not in these shapes, so it cannot reach the screen.
 */
export {
  CHECK_IN_LIST_NAME_MAX,
  CheckInListSchema,
  CheckInListsAnswerSchema,
  GATE_LOOKUP_QUERY_MIN,
  GateEventsAnswerSchema,
  GATE_SCANS_MAX as MAX_SCANS_PER_REQUEST,
  GateLookupAnswerSchema,
  GatePackSchema,
  GateScansAnswerSchema as ScanAnswerSchema,
  type CheckInList,
  type CheckInListCreateBody as CheckInListRequest,
  type CheckInListsAnswer,
  type GateEvent,
  type GateEventsAnswer,
  type GatePack,
  type GateRefusalReason as ScanRefusalReason,
  type GateScan as ScanRequest,
  type GateScanResult as ScanResult,
  type GateScannedTicket as ScannedTicket,
  type GateTicket,
} from '@marquee/domain/gate';
