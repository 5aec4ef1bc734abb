/// The services' HTTP contract: the OpenAPI 3.1 document beside this file (`openapi.yaml`), embedded at build time
/// (``yaml``), which `tribeboard serve` serves at `/api/openapi.yaml`.
public enum APIDocument {
  public static let mediaType = "application/yaml"
}
