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
        <span className="product-tile-brand">{product.brand}</span>
        <span className="product-tile-name">{product.name}</span>
        {product.price !== null ? (
          <span className="product-tile-price">{formatCents(product.price)} per box</span>
        ) : null}
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
