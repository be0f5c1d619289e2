import { useNavigation } from 'react-router';

/**
 * A thin bar at the top of the window while the next page loads (spec §4: data pages show
 * progress while loading). Purely visual: the page keeps its content until the next is ready.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  return navigation.state === 'idle' ? null : (
    <div className="navigation-progress" aria-hidden="true" />
  );
}
