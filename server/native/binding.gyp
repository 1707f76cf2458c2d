{
  "targets": [
    {
      "target_name": "p256_ecdh",
      "sources": ["p256_ecdh.c"],
      "cflags": ["-O2", "-Wall", "-Wextra", "-Werror"]
    }
  ]
}
