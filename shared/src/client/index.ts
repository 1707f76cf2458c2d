/**
 * @ummahnotify/shared/client: the browser half of the shared package, loaded once per page as a
 * Module Federation singleton by the shell and every remote.
 */
import './loadCounter';

export { api, setApiBaseUrl } from './api';
export { type AuthState, type SessionUser, useAuthStore } from './authStore';
export { currentLanguage, i18n, LANGUAGE_STORAGE_KEY, registerCatalogues, setLanguage } from './i18n';
export { createQueryClient } from './queryClient';
export { AppProviders } from './ui/AppProviders';
export { channelOffReason } from './ui/channelOffReason';
export { Count as DeliveryCount, DeliveryStatus } from './ui/DeliveryStatus';
export { LanguageSwitch } from './ui/LanguageSwitch';
export { PlaceholderPage } from './ui/PlaceholderPage';
export { SectionErrorBoundary } from './ui/SectionErrorBoundary';
export { SectionPage, type SectionTabDef } from './ui/SectionPage';
export { SectionUnavailable } from './ui/SectionUnavailable';
export { SignedInAs } from './ui/SignedInAs';
export { SmileMessage } from './ui/SmileMessage';
export { FONT_STACK } from './ui/theme';
export {
  DELIVERY_POLL_FAST_MS,
  DELIVERY_POLL_SLOW_MS,
  type DeliveryStatusQuery,
  deliveryPollInterval,
  deliveryStatusKey,
  refreshDeliveryStatus,
  useDeliveryStatus,
} from './ui/useDeliveryStatus';
export { useIsMobile } from './ui/useIsMobile';
export { useToast } from './ui/useToast';
