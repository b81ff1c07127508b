#pragma once
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <vector>
#include <fgtlm/numerics/fpu.hpp>
namespace nx = fgtlm::numerics; using fgtlm::isa::Rounding;
using LD = long double; using i128 = __int128;
static inline float fl(uint32_t u){float f;memcpy(&f,&u,4);return f;}
static inline uint32_t bits(float f){uint32_t u;memcpy(&u,&f,4);return u;}
// round a positive exact value sig*2^e (sig arbitrary i128>0) to float, mode: 0 RN-even,1 trunc,2 GR (adder), 3 round-half-up
static inline uint32_t packv(i128 S, int e2, int mode){
  if(S<=0) return 0; int top=126; while(!((S>>top)&1)) --top;
  int e = top + e2; // value in [2^e,2^(e+1))
  uint32_t sig; 
  if(top>23){int sh=top-23; sig=(uint32_t)(S>>sh); i128 rem=S&((((i128)1)<<sh)-1); i128 half=((i128)1)<<(sh-1);
    bool up=false; bool G=(rem>>(sh-1))&1, R= sh>=2 && ((rem>>(sh-2))&1);
    if(mode==0) up= rem>half || (rem==half && (sig&1)); else if(mode==2) up=G&&(R||(sig&1)); else if(mode==3) up=G;
    if(up && ++sig==0x1000000u){sig>>=1;++e;}
  } else sig=(uint32_t)(S<<(23-top));
  int be=e+127; if(be<=0) return 0; if(be>=255) return 0x7f800000u;
  return ((uint32_t)be<<23)|(sig&0x7fffff);
}
static inline uint32_t mulv(uint32_t a, uint32_t b, int v){ // 0 RN,1 trunc,2 GR
  uint64_t m=(uint64_t)((a&0x7FFFFF)|0x800000)*((b&0x7FFFFF)|0x800000);
  int ea=(int)((a>>23)&255)-127-23, eb=(int)((b>>23)&255)-127-23;
  uint32_t r=packv((i128)m, ea+eb, v==0?0:v==1?1:2); return r|((a^b)&0x80000000u);
}
struct Row{uint32_t x,y,g; uint32_t dx,dy;};
static std::vector<Row> load_nn(){std::vector<Row> v; unsigned a,b,g; FILE*f=fopen("/tmp/sfu/nn.txt","r");
 while(fscanf(f,"%x %x %x",&a,&b,&g)==3){Row r{a,b,g,0,0}; r.dy=nx::fadd(90u,b^0x80000000u,Rounding::Nearest); r.dx=nx::fadd(30u,a^0x80000000u,Rounding::Nearest); v.push_back(r);} fclose(f); return v;}
// s variants: fmul variant v1 for dy^2, product variant v2 for dx^2 in fmad, or fused (v2=3)
static uint32_t svar(const Row& r,int v1,int v2){uint32_t p=mulv(r.dy,r.dy,v1);
  if(v2>=4){ uint64_t m=(uint64_t)((r.dx&0x7FFFFF)|0x800000)*((r.dx&0x7FFFFF)|0x800000); int e1=2*((int)((r.dx>>23)&255)-150);
    uint64_t pm=(p&0x7FFFFF)|0x800000; int e2=(int)((p>>23)&255)-150; int emin=std::min(e1,e2);
    i128 S=((i128)m<<(e1-emin))+((i128)pm<<(e2-emin)); return packv(S,emin,0);}
  if(v2<3) return nx::fadd(mulv(r.dx,r.dx,v2),p,Rounding::Nearest);
  // fused: exact dx^2 + p, GR rounding
  uint64_t m=(uint64_t)((r.dx&0x7FFFFF)|0x800000)*((r.dx&0x7FFFFF)|0x800000); int e1=2*((int)((r.dx>>23)&255)-150);
  uint64_t pm=(p&0x7FFFFF)|0x800000; int e2=(int)((p>>23)&255)-150; int emin=std::min(e1,e2);
  i128 S=((i128)m<<(e1-emin))+((i128)pm<<(e2-emin)); return packv(S,emin,2);}
