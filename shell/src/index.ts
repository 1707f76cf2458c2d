// Async boundary: the shared singletons (react, antd, the shared package...) are negotiated with
// the Module Federation runtime before any code that imports them runs.
import('./bootstrap');
