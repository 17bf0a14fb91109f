/** The cart panel's code, loaded when the cart first opens (or early, when its button is pointed at or focused). */
export const loadCartSheet = () => import('./cart-sheet');

export function prefetchCartSheet(): void {
  void loadCartSheet();
}
