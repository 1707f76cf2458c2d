import { startPublicApp } from '../start';
import { LoginPage } from './LoginPage';

void startPublicApp(LoginPage);
