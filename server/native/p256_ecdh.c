/*
 * One ephemeral P-256 ECDH for RFC 8291 web push encryption, on the OpenSSL that Node carries.
 *
 * Why this exists: node:crypto's ECDH.computeSecret() runs EC_KEY_check_key() on our own fresh key
 * before every derivation, and crypto.diffieHellman() runs the full public key check (a scalar
 * multiplication by the group order) on the peer key, so each costs two or three scalar
 * multiplications where one suffices. P-256 has cofactor 1, so a point that decodes onto the curve
 * (EC_POINT_oct2point checks that) is a valid peer key. See docs/decisions/ (native P-256 ECDH).
 */
#include <node_api.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/obj_mac.h>
#include <pthread.h>

#define POINT_LENGTH 65  /* uncompressed: 0x04 || x || y */
#define SECRET_LENGTH 32 /* the x coordinate of the shared point */

static EC_GROUP *group;
static pthread_once_t group_once = PTHREAD_ONCE_INIT;

static void make_group(void) { group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1); }

enum { ECDH_OK = 0, ECDH_NOT_ON_CURVE = 1, ECDH_FAILED = 2 };

/* A fresh key pair and the shared secret with `peer`. */
static int ephemeral_ecdh(const unsigned char *peer, unsigned char *public_out, unsigned char *secret_out) {
  int result = ECDH_FAILED;
  BN_CTX *ctx = BN_CTX_new();
  EC_POINT *peer_point = EC_POINT_new(group);
  EC_POINT *own_point = EC_POINT_new(group);
  EC_POINT *shared = EC_POINT_new(group);
  BIGNUM *private_key = BN_secure_new();
  BIGNUM *x = BN_new();
  if (!ctx || !peer_point || !own_point || !shared || !private_key || !x) goto done;
  if (EC_POINT_oct2point(group, peer_point, peer, POINT_LENGTH, ctx) != 1) {
    result = ECDH_NOT_ON_CURVE;
    goto done;
  }
  if (BN_priv_rand_range(private_key, EC_GROUP_get0_order(group)) == 1 && !BN_is_zero(private_key) &&
      EC_POINT_mul(group, own_point, private_key, NULL, NULL, ctx) == 1 &&
      EC_POINT_point2oct(group, own_point, POINT_CONVERSION_UNCOMPRESSED, public_out, POINT_LENGTH, ctx) ==
          POINT_LENGTH &&
      EC_POINT_mul(group, shared, NULL, peer_point, private_key, ctx) == 1 && !EC_POINT_is_at_infinity(group, shared) &&
      EC_POINT_get_affine_coordinates(group, shared, x, NULL, ctx) == 1 &&
      BN_bn2binpad(x, secret_out, SECRET_LENGTH) == SECRET_LENGTH)
    result = ECDH_OK;
done:
  BN_clear_free(private_key);
  BN_clear_free(x);
  EC_POINT_free(peer_point);
  EC_POINT_free(own_point);
  EC_POINT_clear_free(shared);
  BN_CTX_free(ctx);
  return result;
}

/* Points `data` at a Buffer of exactly `length` bytes; otherwise throws a TypeError and returns false. */
static bool buffer_arg(napi_env env, napi_value value, size_t length, unsigned char **data) {
  bool is_buffer = false;
  size_t actual = 0;
  if (napi_is_buffer(env, value, &is_buffer) != napi_ok || !is_buffer ||
      napi_get_buffer_info(env, value, (void **)data, &actual) != napi_ok || actual != length) {
    napi_throw_type_error(env, NULL, "ecdh(peerPublic, out): a 65-byte and a 97-byte Buffer");
    return false;
  }
  return true;
}

/* ecdh(peerPublic: 65-byte Buffer, out: 97-byte Buffer): 0, or 1 when peerPublic is not a point on
   P-256, or 2 when OpenSSL failed. On 0, `out` holds our public key (65 bytes) then the secret (32). */
static napi_value ecdh(napi_env env, napi_callback_info info) {
  size_t argc = 2;
  napi_value argv[2];
  unsigned char *peer = NULL, *out = NULL;
  napi_value result;
  if (napi_get_cb_info(env, info, &argc, argv, NULL, NULL) != napi_ok || argc != 2) {
    napi_throw_type_error(env, NULL, "ecdh(peerPublic, out): two arguments");
    return NULL;
  }
  if (!buffer_arg(env, argv[0], POINT_LENGTH, &peer)) return NULL;
  if (!buffer_arg(env, argv[1], POINT_LENGTH + SECRET_LENGTH, &out)) return NULL;
  if (group == NULL) {
    napi_throw_error(env, NULL, "P-256 is not available");
    return NULL;
  }
  napi_create_int32(env, ephemeral_ecdh(peer, out, out + POINT_LENGTH), &result);
  return result;
}

NAPI_MODULE_INIT() {
  napi_value fn;
  pthread_once(&group_once, make_group);
  napi_create_function(env, "ecdh", NAPI_AUTO_LENGTH, ecdh, NULL, &fn);
  napi_set_named_property(env, exports, "ecdh", fn);
  return exports;
}
