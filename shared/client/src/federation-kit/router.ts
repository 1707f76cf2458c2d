/**
 * The `react-router-dom` the shell shares with every remote: only these exports of react-router (which
 * react-router-dom re-exports), not the whole router with its data, server and streaming parts. A remote importing
 * anything else from 'react-router-dom' stops at build time (rspack.federation-kit.ts); add it here, then rebuild
 * and deploy the shell before the remote.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
