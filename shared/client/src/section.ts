/**
 * @ummahnotify/client/section: the frame and parts the dashboard's sections share (section page with
 * tabs, error boundary, "section unavailable", delivery status and its "Send correction", the date field) and the section kit (kit/: the API error
 * reader, the section text hook, the zod-to-antd rules, toFormData, the inline row edit, the list frame). A Module
 * Federation singleton of its own, loaded with the first dashboard page, never by the public pages.
 */

export { type ApiProblem, isForbidden, readApiProblem, retryServerFaults } from './kit/apiProblem';
export { dateTextOf, pickerDateOf, pickerValueOf, wallClockOf, wallClockOrValue } from './kit/pickerTime';
export { pagesOf, SectionList, type SectionListProps, type SectionListQuery } from './kit/SectionList';
export { toFormData } from './kit/toFormData';
export { type DraftProblems, type RowDraft, useRowDraft } from './kit/useRowDraft';
export { useSectionText } from './kit/useSectionText';
export { fieldRule, formRule, markServerErrors, schemaProblems } from './kit/zodRule';
export { askToConfirm } from './ui/askToConfirm';
export { CorrectionButton, type CorrectionButtonProps } from './ui/CorrectionButton';
export { channelOffReason } from './ui/channelOffReason';
export { DATE_SHEET_CLASS, DateField, type DateFieldProps } from './ui/DateField';
export { DateFormItem, type DateFormItemProps } from './ui/DateFormItem';
export { Count as DeliveryCount, DeliveryStatus } from './ui/DeliveryStatus';
export { failureText, pauseText } from './ui/deliveryReasons';
export { RetryFailedButton, type RetryFailedButtonProps } from './ui/RetryFailedButton';
export { SectionErrorBoundary } from './ui/SectionErrorBoundary';
export { SectionPage, type SectionTabDef } from './ui/SectionPage';
export { SectionUnavailable } from './ui/SectionUnavailable';
export { SignedInAs } from './ui/SignedInAs';
export { SmileMessage } from './ui/SmileMessage';
export { CONFIRM_STYLES, WRAPPING_BUTTON } from './ui/styles';
export {
  DELIVERY_POLL_FAST_MS,
  DELIVERY_POLL_SLOW_MS,
  type DeliveryStatusQuery,
  deliveryPollInterval,
  deliveryStatusKey,
  refreshDeliveryStatus,
  useDeliveryStatus,
} from './ui/useDeliveryStatus';
export { WithdrawButton, type WithdrawButtonProps, WithdrawnNote } from './ui/WithdrawButton';
