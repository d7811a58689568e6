import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
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
        title: 'Error',
        message: isNetworkFailure(error)
          ? 'Network connection issue. Please check your internet connection and try again.'
          : 'An unexpected error occurred.',
      });
    }
  };
}
