/**
 * The `@ant-design/icons` the shell shares with every remote: only these icons, not the whole set. A remote
 * importing an icon not listed here stops at build time (rspack.federation-kit.ts); add it here, then rebuild and
 * deploy the shell before the remote.
 */
export {
  ArrowRightOutlined,
  BellOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloseCircleOutlined,
  CloseOutlined,
  DashboardOutlined,
  DeleteOutlined,
  EditOutlined,
  EnvironmentOutlined,
  GlobalOutlined,
  GoogleOutlined,
  HourglassOutlined,
  IdcardOutlined,
  LinkOutlined,
  LockOutlined,
  LogoutOutlined,
  MailOutlined,
  MenuOutlined,
  NotificationOutlined,
  PictureOutlined,
  ReloadOutlined,
  SearchOutlined,
  SendOutlined,
  SmileOutlined,
  TeamOutlined,
  TranslationOutlined,
  UploadOutlined,
  UserOutlined,
  WarningOutlined,
  WhatsAppOutlined,
} from '@ant-design/icons/es';
