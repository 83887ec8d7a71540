import { Link } from "react-router";
import { formatCents } from "~/models/catalog";

export interface ProductTileData {
  id: number;
  href: string;
  name: string;
  brand: string;
  imageUrl: string;
  /** Price of one box in the shopper's price book, in cents. */
  price: number | null;
}

/** A product in a list or search results: image, brand, name, price per box, linking to its page. */
export function ProductTile({ product, eager = false }: { product: ProductTileData; eager?: boolean }) {
  return (
    <li className="product-tile">
      <Link to={product.href}>
        <img src={product.imageUrl} alt="" width="240" height="180" loading={eager ? "eager" : "lazy"} />
        {/* Blocks, not spans: without CSS (the flex column) brand, name and price still read on lines of their own. */}
        <div className="product-tile-brand">{product.brand}</div>
        <div className="product-tile-name">{product.name}</div>
        {product.price !== null ? <div className="product-tile-price">{formatCents(product.price)} per box</div> : null}
      </Link>
    </li>
  );
}

export function ProductGrid({ products }: { products: ProductTileData[] }) {
  return (
    <ul className="product-grid">
      {products.map((product, index) => (
        <ProductTile key={product.id} product={product} eager={index < 4} />
      ))}
    </ul>
  );
}
