import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { i18n } from '../../i18n';
import { useAuth } from '../../lib/auth';
import { isNetworkFailure } from '../../lib/errors';

/** SPEC §2: Sign Out signs out and returns to the home page. */
export function useSignOut() {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
      navigate('/');
    } catch (error) {
      notifications.show({
        color: 'red',
        title: i18n.t('errors.errorTitle'),
        message: isNetworkFailure(error) ? i18n.t('errors.network') : i18n.t('errors.unexpected'),
      });
    }
  };
}
