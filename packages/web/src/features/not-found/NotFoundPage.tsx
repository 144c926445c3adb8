/** /404 and every path no route knows: the router loads this page lazily; detail pages show the same component. */
export { NotFoundPage } from '../../components/NotFoundPage';
