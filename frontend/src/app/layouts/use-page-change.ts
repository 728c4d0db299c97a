// Whether the page is being changed for another: a navigation to another path whose
// loaders are still running. A change of the address's query on the same page (a filter,
// dropping `?ask=1`) also runs the route's loaders, but the page stays: swapping it for
// a spinner would unmount it and lose what the reader had open, typed or focused.
import { useLocation, useNavigation } from 'react-router';

export function usePageChange(): boolean {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return navigation.state === 'loading' && navigation.location.pathname !== pathname;
}
